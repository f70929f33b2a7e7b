import { IonIcon, IonItem, IonLabel, useIonRouter } from '@ionic/react';
import { star, starOutline } from 'ionicons/icons';
import type { MouseEvent } from 'react';
import { formatTime, type ScheduleActivity } from '../../../../common/schedule-filter';

interface Props {
  activity: ScheduleActivity;
  color: string;
  favorite: boolean;
  onToggleFavorite: (activity: ScheduleActivity) => void;
}

/**
 * One activity: the name links to its detail page and the star is a separate button beside it
 * (a button inside a link would be one control for a screen reader, and invalid HTML).
 */
export function ActivityItem({ activity, color, favorite, onToggleFavorite }: Props) {
  const router = useIonRouter();
  const href = `/app/tabs/schedule/${encodeURIComponent(activity.id)}`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    router.push(href, 'forward');
  };
  return (
    <IonItem className="schedule-item" style={{ '--track-color': color } as React.CSSProperties} lines="full">
      <IonLabel>
        <h3>
          <a href={href} onClick={open} className="schedule-item__link">
            {activity.name}
          </a>
        </h3>
        <p>
          <time dateTime={activity.startTime}>{formatTime(activity.startTime)}</time> –{' '}
          <time dateTime={activity.endTime}>{formatTime(activity.endTime)}</time>
          {' · '}
          {activity.location}
        </p>
        <p className="schedule-item__track">
          <span className="track-dot" aria-hidden="true" />
          {activity.track}
          {activity.speaker ? ` · ${activity.speaker}` : ''}
        </p>
      </IonLabel>
      {/* A native button: ion-button copies aria-pressed into its shadow button only once. */}
      <button
        type="button"
        slot="end"
        className="fav-button"
        onClick={() => onToggleFavorite(activity)}
        aria-pressed={favorite}
        aria-label={`Favourite: ${activity.name}`}
      >
        <IonIcon icon={favorite ? star : starOutline} aria-hidden="true" />
      </button>
    </IonItem>
  );
}
