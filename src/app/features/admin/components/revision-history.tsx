import { IonButton, IonSpinner } from '@ionic/react';
import { useAlert } from '../../../lib/use-alert';
import { useEffect, useMemo, useState } from 'react';
import { contentHistory } from '../api/content/content-history';
import type { ContentRevision, PublishingKind } from '../api/content/publishing-types';
import { restoreRevision } from '../api/content/restore-revision';
import type { FieldSpec } from '../state/content-rules';
import { REVISION_ACTIONS, revisionChanges } from '../state/publishing-rules';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every published revision, newest first, with what changed from the one before; Restore asks first. */
export function RevisionHistory({
  kind,
  id,
  fields,
  onRestored,
}: {
  kind: PublishingKind;
  id: string;
  fields: readonly Pick<FieldSpec, 'name' | 'label'>[];
  onRestored: () => void;
}) {
  const [revisions, setRevisions] = useState<ContentRevision[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const presentAlert = useAlert();
  const [loads, setLoads] = useState(0);

  useEffect(() => {
    let active = true;
    contentHistory(kind, id)
      .then((history) => active && setRevisions(history.revisions))
      .catch((error: unknown) => active && setProblem(error instanceof Error ? error.message : 'The history could not be loaded.'));
    return () => {
      active = false;
    };
  }, [kind, id, loads]);

  const labels = new Map(fields.map((field) => [field.name, field.label]));
  // Word diffs of every revision, made once per history, not at each keystroke in the form above.
  const changesOf = useMemo(
    () =>
      revisions?.map((revision, index) =>
        revisionChanges(
          revisions[index + 1]?.fields ?? null,
          revision.fields,
          fields.map((field) => field.name),
        ),
      ) ?? [],
    [revisions, fields],
  );
  const restore = (revision: ContentRevision) =>
    void presentAlert({
      header: `Restore revision ${revision.number}?`,
      message: 'Its content becomes the published version now, recorded as a new revision. Your draft, if any, stays.',
      buttons: [
        { text: 'Cancel', role: 'cancel' },
        {
          text: 'Restore',
          handler: () => {
            restoreRevision(kind, id, revision.number).then(
              (done) => {
                setNotice(`Revision ${revision.number} is published again, as revision ${done.revision}.`);
                setLoads((count) => count + 1);
                onRestored();
              },
              (error: unknown) => setProblem(error instanceof Error ? error.message : 'That did not work.'),
            );
          },
        },
      ],
    });

  return (
    <section className="publishing-history" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      {notice && <p role="status">{notice}</p>}
      {problem && <p role="alert">{problem}</p>}
      {!revisions && !problem && <IonSpinner aria-label="Loading the history" />}
      {revisions && revisions.length === 0 && <p>Nothing has been published through drafts yet.</p>}
      {revisions && revisions.length > 0 && (
        <ol className="publishing-history__list">
          {revisions.map((revision, index) => {
            const changes = changesOf[index] ?? [];
            return (
              <li key={revision.number} className="publishing-history__item">
                <p id={`revision-${revision.number}`}>
                  <strong>Revision {revision.number}</strong>: {REVISION_ACTIONS[revision.action] ?? revision.action}, {when(revision.at)}
                  {revision.actorEmail ? ` by ${revision.actorEmail}` : ''}
                </p>
                {changes.length > 0 && (
                  <dl className="publishing-history__changes">
                    {changes.map((change) => (
                      <div key={change.field}>
                        <dt>{labels.get(change.field) ?? change.field}</dt>
                        <dd>
                          {change.parts.map((part, at) =>
                            part.change === 'added' ? (
                              <ins key={at}>{part.text}</ins>
                            ) : part.change === 'removed' ? (
                              <del key={at}>{part.text}</del>
                            ) : (
                              <span key={at}>{part.text}</span>
                            ),
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
                {index > 0 && revision.action !== 'delete' && (
                  <IonButton size="small" fill="outline" onClick={() => restore(revision)} aria-describedby={`revision-${revision.number}`}>
                    Restore
                  </IonButton>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
