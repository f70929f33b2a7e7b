import { IonButton, IonSearchbar, IonSelect, IonSelectOption, IonToggle } from '@ionic/react';
import { INBOX_SEARCH_MAX, INBOX_STATUSES, INBOX_STATUS_LABELS, type InboxStatus } from '../../../../common/inbox-schemas';
import type { InboxFilter } from '../api/inbox/inbox-query';

export interface InboxFiltersProps {
  filter: InboxFilter;
  onChange: (filter: InboxFilter) => void;
  onExport: () => void;
  exporting: boolean;
  /** The signed-in staff member's id, for "Assigned to me". */
  myId: string | null;
}

/** Search, status filter and the CSV download of what they select. */
export function InboxFilters({ filter, onChange, onExport, exporting, myId }: InboxFiltersProps) {
  return (
    <div className="inbox-filters">
      <IonSearchbar
        className="inbox-filters__search"
        value={filter.q}
        debounce={300}
        maxlength={INBOX_SEARCH_MAX}
        placeholder="Search name, email or text"
        aria-label="Search messages"
        onIonInput={(event) => onChange({ ...filter, q: event.detail.value ?? '' })}
      />
      <IonSelect
        className="inbox-filters__status"
        label="Status"
        labelPlacement="stacked"
        fill="outline"
        interface="popover"
        value={filter.status}
        onIonChange={(event) => onChange({ ...filter, status: (event.detail.value ?? '') as InboxStatus | '' })}
      >
        <IonSelectOption value="">All except spam</IonSelectOption>
        {INBOX_STATUSES.map((status) => (
          <IonSelectOption key={status} value={status}>
            {INBOX_STATUS_LABELS[status]}
          </IonSelectOption>
        ))}
      </IonSelect>
      {myId ? (
        <IonToggle
          className="inbox-filters__mine"
          checked={Boolean(filter.assigneeId)}
          onIonChange={(event) => onChange({ ...filter, assigneeId: event.detail.checked ? myId : null })}
        >
          Assigned to me
        </IonToggle>
      ) : null}
      <IonButton fill="outline" onClick={onExport} disabled={exporting}>
        {exporting ? 'Preparing…' : 'Download CSV'}
      </IonButton>
    </div>
  );
}
