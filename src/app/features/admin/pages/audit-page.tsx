import { IonButton, IonInput, IonSpinner } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import { type AuditFilter, fetchAudit } from '../api/audit-api';
import { AuditEntryView } from '../components/audit-entry-view';
import { ConsolePage } from '../components/console-page';
import { Pager } from '../components/pager';
import { useKeysetPages } from '../state/use-keyset-pages';
import '../manage.css';

const EMPTY: AuditFilter = { actorId: '', action: '', itemType: '', itemId: '' };
const FIELDS: { key: keyof AuditFilter; label: string; max: number; hint: string }[] = [
  { key: 'actorId', label: 'Actor (account id)', max: 128, hint: 'or pick a name in the list' },
  { key: 'action', label: 'Action', max: 64, hint: 'e.g. movie.update' },
  { key: 'itemType', label: 'Item type', max: 64, hint: 'e.g. user' },
  { key: 'itemId', label: 'Item id', max: 128, hint: '' },
];

/** Admins: every staff action and sign-in, newest first, filtered; read-only. */
export default function AuditPage() {
  return (
    <ConsolePage title="Audit log" requires="admin">
      {() => <AuditLog />}
    </ConsolePage>
  );
}

function AuditLog() {
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const pages = useKeysetPages(JSON.stringify(filter), async (cursor) => {
    const answer = await fetchAudit(filter, cursor);
    return { items: answer.entries, next: answer.next };
  });
  const apply = (next: AuditFilter) => {
    setDraft(next);
    setFilter(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <>
      <h1 className="manage-title">Audit log</h1>
      <form className="manage-filters" onSubmit={submit} aria-label="Filter the audit log">
        {FIELDS.map((field) => (
          <IonInput
            key={field.key}
            label={field.label}
            labelPlacement="stacked"
            fill="outline"
            value={draft[field.key]}
            maxlength={field.max}
            helperText={field.hint || undefined}
            onIonInput={(event) => setDraft({ ...draft, [field.key]: String(event.detail.value ?? '') })}
          />
        ))}
        <div className="manage-actions">
          <IonButton type="submit">Filter</IonButton>
          <IonButton fill="outline" onClick={() => apply(EMPTY)}>
            Clear
          </IonButton>
        </div>
      </form>
      <div role="status" className="manage-count">
        {pages.loading ? <IonSpinner aria-label="Loading the audit log" /> : pages.error ? null : `${pages.items.length} entries shown`}
      </div>
      {pages.error && (
        <p role="alert" className="manage-error">
          {pages.error}
        </p>
      )}
      <div className="audit-list">
        {pages.items.map((entry) => (
          <AuditEntryView key={entry.id} entry={entry} onActor={(actorId) => apply({ ...EMPTY, actorId })} />
        ))}
        {!pages.loading && !pages.error && pages.items.length === 0 && <p>No entries match.</p>}
      </div>
      <Pager label="Pages of the audit log" {...pages} busy={pages.loading} onNext={pages.next} onPrevious={pages.previous} />
    </>
  );
}
