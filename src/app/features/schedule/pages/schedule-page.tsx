import { IonButton, IonContent, IonItemDivider, IonLabel, IonList, IonPage, IonSegment, IonSegmentButton, IonToast } from '@ionic/react';
import { useEffect, useMemo, useState } from 'react';
import { onLive } from '../../../lib/live/index';
import { ApiError } from '../../../../common/api-error';
import { filterActivities, formatTime, groupByStartTime, type Schedule, type ScheduleActivity } from '../../../../common/schedule-filter';
import { ListHeader } from '../../../shell/list-header';
import { getSchedule } from '../api/get-schedule';
import { ActivityItem } from '../components/activity-item';
import { TrackFilterModal } from '../components/track-filter-modal';
import { toggleFavorite, useFavorites } from '../state/favorites';
import '../schedule.css';
import { LoadStatus } from '../../../shell/load-status';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; schedule: Schedule };

/** Daily Activities: the day's schedule with search (Case Sensitive toggle), track filter and favourites. */
export default function SchedulePage() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [query, setQuery] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [segment, setSegment] = useState<'all' | 'favorites'>('all');
  const [filterOpen, setFilterOpen] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const favorites = useFavorites();

  // Activities written anywhere show at once; the search, filter and favourites stay as they are.
  const [liveTick, setLiveTick] = useState(0);
  useEffect(() => onLive('schedule', () => setLiveTick((tick) => tick + 1)), []);

  useEffect(() => {
    const controller = new AbortController();
    getSchedule(controller.signal, liveTick > 0)
      .then((schedule) => setLoad({ status: 'ready', schedule }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'error', message: error instanceof ApiError ? error.message : 'The schedule could not be loaded.' });
      });
    return () => controller.abort();
  }, [attempt, liveTick]);

  const schedule = load.status === 'ready' ? load.schedule : null;
  const colors = useMemo(() => new Map(schedule?.tracks.map((t) => [t.name, t.color])), [schedule]);
  const shown = useMemo(
    () =>
      schedule
        ? filterActivities(schedule.activities, {
            query,
            caseSensitive,
            excludedTracks: excluded,
            ...(segment === 'favorites' ? { onlyIds: favorites } : {}),
          })
        : [],
    [schedule, query, caseSensitive, excluded, segment, favorites],
  );
  const groups = useMemo(() => groupByStartTime(shown), [shown]);

  const onToggleFavorite = async (activity: ScheduleActivity) => {
    const added = await toggleFavorite(activity.id);
    setToast(added ? `${activity.name} added to favourites.` : `${activity.name} removed from favourites.`);
  };
  const clearAll = () => {
    setQuery('');
    setExcluded(new Set());
    setSegment('all');
  };

  return (
    <IonPage>
      <ListHeader
        title="Daily Activities"
        type="schedule"
        search
        searchTerm={query}
        onSearchChange={setQuery}
        caseSensitive={caseSensitive}
        onCaseSensitiveChange={setCaseSensitive}
        onFilter={() => setFilterOpen(true)}
      />
      <IonContent>
        <div className="schedule-list">
          <div className="schedule-toolbar">
            <IonSegment
              value={segment}
              onIonChange={(e) => setSegment(e.detail.value === 'favorites' ? 'favorites' : 'all')}
              aria-label="Show"
            >
              <IonSegmentButton value="all">
                <IonLabel>All</IonLabel>
              </IonSegmentButton>
              <IonSegmentButton value="favorites">
                <IonLabel>Favorites</IonLabel>
              </IonSegmentButton>
            </IonSegment>
            {schedule && (
              <p className="schedule-count" role="status" data-testid="schedule-count">
                {shown.length} of {schedule.activities.length} activities
                {excluded.size > 0 ? ` · ${excluded.size} track${excluded.size === 1 ? '' : 's'} hidden` : ''}
              </p>
            )}
          </div>

          <LoadStatus
            state={load}
            loadingLabel="Loading the schedule"
            className="schedule-empty"
            onRetry={() => {
              setLoad({ status: 'loading' });
              setAttempt((n) => n + 1);
            }}
          />
          {schedule && groups.length === 0 && (
            <div className="schedule-empty">
              <h2>No activities found</h2>
              <p>
                {segment === 'favorites' && favorites.size === 0
                  ? 'Tap the star on an activity to add it to your favourites.'
                  : 'Nothing matches your search and filters.'}
              </p>
              <IonButton fill="outline" onClick={clearAll}>
                Show All Activities
              </IonButton>
            </div>
          )}
          {groups.length > 0 && (
            <div>
              {groups.map((group) => (
                <section key={group.time} aria-label={formatTime(group.time)}>
                  <IonItemDivider className="schedule-time" sticky>
                    <IonLabel>
                      <h2>{formatTime(group.time)}</h2>
                    </IonLabel>
                  </IonItemDivider>
                  <IonList>
                    {group.activities.map((activity) => (
                      <ActivityItem
                        key={activity.id}
                        activity={activity}
                        color={colors.get(activity.track) ?? 'var(--ion-color-medium)'}
                        favorite={favorites.has(activity.id)}
                        onToggleFavorite={(a) => void onToggleFavorite(a)}
                      />
                    ))}
                  </IonList>
                </section>
              ))}
            </div>
          )}
        </div>
        <TrackFilterModal
          isOpen={filterOpen}
          tracks={schedule?.tracks ?? []}
          excluded={excluded}
          onChange={setExcluded}
          onClose={() => setFilterOpen(false)}
        />
        <IonToast isOpen={toast !== null} message={toast ?? ''} duration={1500} onDidDismiss={() => setToast(null)} />
      </IonContent>
    </IonPage>
  );
}
