import { IonButton } from '@ionic/react';

export interface PagerProps {
  label: string;
  page: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious(): void;
  onNext(): void;
}

/** Keyset paging: back to the previous page or on to the next; the page number for orientation. */
export function Pager({ label, page, hasNext, busy, onPrevious, onNext }: PagerProps) {
  if (page === 0 && !hasNext) return null;
  return (
    <nav className="manage-pager" aria-label={label}>
      <IonButton fill="outline" disabled={busy || page === 0} onClick={onPrevious}>
        Previous page
      </IonButton>
      <span>Page {page + 1}</span>
      <IonButton fill="outline" disabled={busy || !hasNext} onClick={onNext}>
        Next page
      </IonButton>
    </nav>
  );
}
