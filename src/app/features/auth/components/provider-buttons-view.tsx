import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { AuthError } from '../../../../common/auth-errors';
import { type IdpOutcome, shouldRedirect, signInWithPopup, signInWithRedirect } from '../state/idp/flow';
import type { IdpPurpose } from '../state/idp/storage';
import type { ProviderInfo } from '../api/providers';
import { FormError } from './auth-fields';
import { sentenceFor } from './form-state';

export interface ProviderButtonsProps {
  providers: readonly ProviderInfo[];
  purpose: IdpPurpose;
  /** Where a redirect comes back to (this page, with its `?next=`). */
  returnTo: string;
  onOutcome: (outcome: IdpOutcome) => Promise<void> | void;
  label?: (provider: ProviderInfo) => string;
}

/**
 * One button per configured provider (none when none is configured). Desktop: a popup, opened
 * in the click itself; phones: a redirect. A blocked popup offers the redirect instead.
 */
export function ProviderButtonsView({ providers, purpose, returnTo, onOutcome, label }: ProviderButtonsProps) {
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const redirect = (providerId: string) => {
    setError(null);
    signInWithRedirect(providerId, purpose, returnTo).catch((caught: unknown) => setError(sentenceFor(caught)));
  };

  const start = (providerId: string) => {
    setError(null);
    setBlocked(null);
    if (shouldRedirect()) {
      redirect(providerId);
      return;
    }
    // No await before this call: a popup opened after one is blocked by the browser.
    signInWithPopup(providerId, purpose)
      .then(onOutcome)
      .catch((caught: unknown) => {
        if (caught instanceof AuthError && caught.code === 'cancelled-popup-request') return;
        if (caught instanceof AuthError && caught.code === 'popup-blocked') setBlocked(providerId);
        setError(sentenceFor(caught));
      });
  };

  return (
    <div className="auth-providers" role="group" aria-label={purpose === 'link' ? 'Link a sign-in method' : 'Sign in with a provider'}>
      {providers.map((provider) => (
        <IonButton key={provider.providerId} expand="block" fill="outline" onClick={() => start(provider.providerId)}>
          {label ? label(provider) : `Continue with ${provider.displayName}`}
        </IonButton>
      ))}
      <FormError message={error} />
      {blocked ? (
        <IonButton fill="clear" onClick={() => redirect(blocked)}>
          Continue in this window instead
        </IonButton>
      ) : null}
    </div>
  );
}
