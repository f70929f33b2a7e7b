import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isUpdateAvailable, onUpdateAvailable } from '../lib/app-update';

// The toast (and Ionic's toast element) loads only when there is an update to announce.
const UpdateToastView = lazy(() => import('./update-toast-view').then((module) => ({ default: module.UpdateToastView })));

/**
 * When a new version is installed and waiting, 'Update available!' with a
 * Reload button that activates it and reloads the page once. Dismissing it keeps the current
 * version until the next visit.
 */
export function UpdateToast() {
  const available = useSyncExternalStore(onUpdateAvailable, isUpdateAvailable, () => false);
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <UpdateToastView isOpen={available} />
    </Suspense>
  );
}
