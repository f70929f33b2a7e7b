import { IonButton, IonInput, IonSelect, IonSelectOption, IonSpinner } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_ITEM_TYPES } from '../../../../common/audit-catalogue';
import { type AuditFilter, fetchAudit } from '../api/audit/fetch-audit';
import { AuditEntryView } from '../components/audit-entry-view';
import { ConsolePage } from '../components/console-page';
import { Pager } from '../components/pager';
import { entriesCount } from '../state/audit-sentence';
import { useKeysetPages } from '../state/use-keyset-pages';
import '../manage.css';

const EMPTY: AuditFilter = { actorId: '', action: '', itemType: '', itemId: '' };
const TEXT_FIELDS: { key: 'actorId' | 'itemId'; label: string; max: number; hint: string }[] = [
  { key: 'actorId', label: 'Actor (account id)', max: 128, hint: 'or choose “Everything by …” under an entry' },
  { key: 'itemId', label: 'Item id', max: 128, hint: '' },
];
// Actions and item types are chosen from the catalogue the server writes (src/common/audit-catalogue.ts).
const SELECTS: { key: 'action' | 'itemType'; label: string; all: string; options: Readonly<Record<string, string>> }[] = [
  { key: 'action', label: 'Action', all: 'Every action', options: AUDIT_ACTIONS },
  { key: 'itemType', label: 'Item type', all: 'Every item type', options: AUDIT_ITEM_TYPES },
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
        {SELECTS.map((select) => (
          <IonSelect
            key={select.key}
            label={select.label}
            labelPlacement="stacked"
            fill="outline"
            interface="popover"
            value={draft[select.key]}
            onIonChange={(event) => setDraft({ ...draft, [select.key]: String(event.detail.value ?? '') })}
          >
            <IonSelectOption value="">{select.all}</IonSelectOption>
            {Object.entries(select.options).map(([code, label]) => (
              <IonSelectOption key={code} value={code}>
                {label}
              </IonSelectOption>
            ))}
          </IonSelect>
        ))}
        {TEXT_FIELDS.map((field) => (
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
        {pages.loading ? (
          <IonSpinner aria-label="Loading the audit log" />
        ) : pages.error ? null : (
          `${entriesCount(pages.items.length)} shown`
        )}
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
