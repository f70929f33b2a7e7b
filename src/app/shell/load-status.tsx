import { IonButton, IonSpinner } from '@ionic/react';

export interface LoadStatusProps {
  /** The page's loading state; nothing is shown once it is ready. */
  state: { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };
  /** What the spinner is announced as, e.g. "Loading the schedule". */
  loadingLabel: string;
  className: string;
  onRetry: () => void;
}

/** The loading spinner or the error with Try Again that data pages show before their content. */
export function LoadStatus({ state, loadingLabel, className, onRetry }: LoadStatusProps) {
  if (state.status === 'loading') {
    return (
      <div className={className}>
        <IonSpinner aria-label={loadingLabel} />
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className={className} role="alert">
        <p>{state.message}</p>
        <IonButton onClick={onRetry}>Try Again</IonButton>
      </div>
    );
  }
  return null;
}
