import { IonIcon } from '@ionic/react';
import { cloudOfflineOutline } from 'ionicons/icons';
import { useSyncExternalStore, type CSSProperties } from 'react';
import { useLiveStatus } from '../lib/live/index';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** True while the browser reports no network; pages then show what the service worker kept. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

// Inline so the notice needs no stylesheet of its own; colours come from the theme so it
// reads in light and dark.
const style: CSSProperties = {
  position: 'fixed',
  zIndex: 30000,
  // Above the tab bar, clear of the headers' titles and buttons.
  bottom: 'calc(env(safe-area-inset-bottom, 0px) + 68px)',
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  alignItems: 'center',
  gap: '6px',
  padding: '4px 12px',
  whiteSpace: 'nowrap',
  borderRadius: '999px',
  fontSize: '13px',
  lineHeight: '20px',
  background: 'var(--ion-color-dark, #222428)',
  color: 'var(--ion-color-dark-contrast, #ffffff)',
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.2)',
  pointerEvents: 'none',
};

/** A small "offline" pill at the bottom while the connection is down (the data shown is the last seen). */
export function OfflineNotice() {
  // The browser's word, or the live stream's: no answer from our server for 10 s.
  const browserOnline = useOnline();
  const stream = useLiveStatus();
  const online = browserOnline && stream !== 'offline';
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <div className="offline-notice" style={style}>
          <IonIcon icon={cloudOfflineOutline} aria-hidden="true" />
          <span>Offline</span>
        </div>
      )}
    </div>
  );
}
