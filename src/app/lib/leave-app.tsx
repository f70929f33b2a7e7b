import { useEffect } from 'react';

/**
 * Navigates with a full page load to an address the app does not serve (the site's pages, or
 * `/` for unknown paths).
 */
export function LeaveApp({ to }: { to: string }) {
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return null;
}
