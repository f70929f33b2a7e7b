import { Link } from 'react-router-dom';
import type { AuditEntry } from '../../../../common/admin-schemas';
import { changedFields, showTime } from '../state/audit-format';
import { auditSentence } from '../state/audit-sentence';

/** One audit entry: a sentence (who did what to which item, linked), when, and what changed (before → after). */
export function AuditEntryView({ entry, onActor }: { entry: AuditEntry; onActor(actorId: string): void }) {
  // A sign-in's roles say nothing the sentence does not.
  const changes = entry.action === 'staff.sign_in' ? [] : changedFields(entry.before, entry.after);
  const sentence = auditSentence(entry);
  return (
    <article className="audit-entry" aria-label={`${sentence.text}, ${showTime(entry.at)}`}>
      <header className="audit-entry__head">
        <p className="audit-entry__sentence manage-break">
          {sentence.parts.map((part, index) =>
            typeof part === 'string' ? (
              part
            ) : (
              <Link key={index} to={part.href} className="manage-link">
                {part.text}
              </Link>
            ),
          )}
        </p>
        <time dateTime={entry.at}>{showTime(entry.at)}</time>
      </header>
      {entry.actorId && (
        <p className="audit-entry__meta">
          <button type="button" className="manage-link" onClick={() => onActor(entry.actorId!)}>
            Everything by {entry.actorName ?? entry.actorEmail ?? entry.actorId}
          </button>
        </p>
      )}
      {changes.length > 0 && (
        // The sentence says what happened; the fields are there for whoever wants them.
        <details className="audit-entry__details">
          <summary>What changed</summary>
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
        </details>
      )}
    </article>
  );
}
