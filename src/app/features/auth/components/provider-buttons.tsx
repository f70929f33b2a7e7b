import { lazy, Suspense } from 'react';
import type { ProviderButtonsProps } from './provider-buttons-view';

// The provider sign-in flow (popup, redirect, its storage) loads only where a provider is
// configured, once /api/config has said so: the buttons were never drawn before that answer.
const ProviderButtonsView = lazy(() => import('./provider-buttons-view').then((module) => ({ default: module.ProviderButtonsView })));

/**
 * One button per configured provider (none when none is configured). Desktop: a popup, opened
 * in the click itself; phones: a redirect. A blocked popup offers the redirect instead.
 */
export function ProviderButtons(props: ProviderButtonsProps) {
  if (props.providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtonsView {...props} />
    </Suspense>
  );
}
