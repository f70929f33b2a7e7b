import type { AuditEntry } from '../../../../common/admin-schemas';
import { changedFields, showTime } from '../state/audit-format';

/** One audit entry: when, who, what, which item, and what changed (before → after). */
export function AuditEntryView({ entry, onActor }: { entry: AuditEntry; onActor(actorId: string): void }) {
  const changes = changedFields(entry.before, entry.after);
  return (
    <article className="audit-entry" aria-label={`${entry.action} at ${showTime(entry.at)}`}>
      <header className="audit-entry__head">
        <strong>{entry.action}</strong>
        <time dateTime={entry.at}>{showTime(entry.at)}</time>
      </header>
      <p className="manage-break">
        By{' '}
        {entry.actorId ? (
          <button type="button" className="manage-link" onClick={() => onActor(entry.actorId!)}>
            {entry.actorEmail ?? entry.actorId}
          </button>
        ) : (
          (entry.actorEmail ?? 'the command line')
        )}{' '}
        · {entry.itemType}
        {entry.itemId ? ` ${entry.itemId}` : ''}
      </p>
      {changes.length > 0 && (
        <table className="audit-entry__changes">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{change.field}</th>
                <td>{change.before}</td>
                <td>{change.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
