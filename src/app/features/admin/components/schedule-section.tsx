import { IonButton } from '@ionic/react';
import type { PublishingState } from '../api/content/publishing-types';
import { localInputValue, scheduleWords } from '../state/publishing-rules';

/** "Publish later": the draft's schedule, if any, and a time to publish it at, in the staff member's time zone. */
export function ScheduleSection({
  schedule,
  dueAt,
  onDueAt,
  onSchedule,
  onUnschedule,
  busy,
}: {
  schedule: PublishingState['schedule'];
  dueAt: string;
  onDueAt: (value: string) => void;
  onSchedule: () => void;
  onUnschedule: () => void;
  busy: boolean;
}) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <section className="publishing-schedule" aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Publish later</h2>
      {schedule?.failure ? (
        <p className="publishing-schedule__failure" role="status">
          This draft {scheduleWords(schedule.dueAt, schedule.failure)} ({zone}). Nothing was published: fix the draft and schedule it again.{' '}
          <IonButton size="small" fill="outline" onClick={onUnschedule}>
            Cancel schedule
          </IonButton>
        </p>
      ) : schedule ? (
        <p>
          The draft will be published on {new Date(schedule.dueAt).toLocaleString()} ({zone}).{' '}
          <IonButton size="small" fill="outline" onClick={onUnschedule}>
            Cancel schedule
          </IonButton>
        </p>
      ) : null}
      <label className="publishing-schedule__field">
        Publish at ({zone})
        <input
          type="datetime-local"
          value={dueAt}
          min={localInputValue(new Date())}
          onChange={(event) => onDueAt(event.currentTarget.value)}
        />
      </label>
      <IonButton size="small" onClick={onSchedule} disabled={busy}>
        Schedule
      </IonButton>
    </section>
  );
}
