import { IonButton, IonChip, IonContent, IonIcon, IonLabel, IonPage, IonSpinner } from '@ionic/react';
import { star, starOutline } from 'ionicons/icons';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../../common/api-error';
import { formatTime } from '../../../../common/schedule-filter';
import { AppHeader } from '../../../shell/app-header';
import { type ActivityDetail, getActivity } from '../api/get-activity';
import { toggleFavorite, useFavorites } from '../state/favorites';
import '../schedule.css';

type Load = { id: string } & ({ status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; detail: ActivityDetail });

/** One activity of the schedule: when, where, who and what. */
export default function ActivityPage() {
  const { id = '' } = useParams();
  const [result, setLoad] = useState<Load>({ id, status: 'loading' });
  // A result belongs to the id it was loaded for; another id shows as loading until its own arrives.
  const load: Load = result.id === id ? result : { id, status: 'loading' };
  const favorites = useFavorites();

  useEffect(() => {
    const controller = new AbortController();
    getActivity(id, controller.signal)
      .then((detail) => setLoad({ id, status: 'ready', detail }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          id,
          status: 'error',
          message:
            error instanceof ApiError && error.status === 404
              ? 'There is no such activity on the schedule.'
              : 'The activity could not be loaded.',
        });
      });
    return () => controller.abort();
  }, [id]);

  const detail = load.status === 'ready' ? load.detail : null;
  const favorite = detail ? favorites.has(detail.activity.id) : false;

  return (
    <IonPage>
      <AppHeader title={detail?.activity.name ?? 'Activity'} defaultHref="/app/tabs/schedule" />
      <IonContent className="ion-padding">
        <div className="schedule-detail">
          {load.status === 'loading' && <IonSpinner aria-label="Loading the activity" />}
          {load.status === 'error' && (
            <div role="alert">
              <h1>Activity not found</h1>
              <p>{load.message}</p>
              <IonButton routerLink="/app/tabs/schedule" routerDirection="back">
                Back to the Schedule
              </IonButton>
            </div>
          )}
          {detail && (
            <article style={{ '--track-color': detail.track.color } as React.CSSProperties}>
              <IonChip className="track-chip" outline={false}>
                <span className="track-dot" aria-hidden="true" />
                <IonLabel>{detail.track.name} track</IonLabel>
              </IonChip>
              <h1>{detail.activity.name}</h1>
              <dl>
                <dt>Time</dt>
                <dd>
                  <time dateTime={detail.activity.startTime}>{formatTime(detail.activity.startTime)}</time> –{' '}
                  <time dateTime={detail.activity.endTime}>{formatTime(detail.activity.endTime)}</time>
                </dd>
                <dt>Location</dt>
                <dd>{detail.activity.location}</dd>
                {detail.activity.speaker && (
                  <>
                    <dt>Speaker</dt>
                    <dd>{detail.activity.speaker}</dd>
                  </>
                )}
              </dl>
              <p>{detail.activity.description}</p>
              <IonButton
                fill={favorite ? 'solid' : 'outline'}
                aria-pressed={favorite}
                onClick={() => void toggleFavorite(detail.activity.id)}
              >
                <IonIcon slot="start" icon={favorite ? star : starOutline} aria-hidden="true" />
                {favorite ? 'Remove from Favorites' : 'Add to Favorites'}
              </IonButton>
            </article>
          )}
        </div>
      </IonContent>
    </IonPage>
  );
}
