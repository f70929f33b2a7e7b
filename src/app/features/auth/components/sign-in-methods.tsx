import { IonButton } from '@ionic/react';
import { useEffect, useState } from 'react';
import type { AccountInfo } from '../../../lib/session/identity-request';
import { redirectResultWaits } from '../state/idp/storage';
import { providerName, type ProviderInfo } from '../api/providers';
import { FormError, FormNotice } from './auth-fields';
import { sentenceFor } from './form-state';
import { ProviderButtons } from './provider-buttons';

/**
 * The ways into the account: the password and each linked provider. Another provider can be
 * linked; one can be unlinked, never the last (no button, and the server refuses too).
 */
export function SignInMethods({
  info,
  providers,
  reload,
}: {
  info: AccountInfo;
  providers: readonly ProviderInfo[];
  reload: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const methods = info.providerUserInfo ?? [];
  const linked = new Set(methods.map((method) => method.providerId));
  const linkable = providers.filter((provider) => !linked.has(provider.providerId));

  // Back from a provider by redirect (a phone, or a blocked popup): the link's answer.
  useEffect(() => {
    if (!redirectResultWaits()) return;
    import('../state/idp/flow')
      .then((idp) => idp.redirectOutcome())
      .then(async (outcome) => {
        if (!outcome) return;
        setNotice('The sign-in method is linked.');
        await reload();
      })
      .catch((caught: unknown) => setError(sentenceFor(caught)));
  }, [reload]);

  const unlink = async (providerId: string) => {
    setError(null);
    setNotice(null);
    try {
      const { unlinkSignInMethod } = await import('../api/two-step');
      await unlinkSignInMethod(providerId);
      setNotice(`${providerName(providers, providerId)} was removed from your sign-in methods.`);
      await reload();
    } catch (caught) {
      setError(sentenceFor(caught));
    }
  };

  return (
    <section className="auth-section" aria-labelledby="methods-heading">
      <h2 id="methods-heading">Sign-in methods</h2>
      <ul className="auth-methods" aria-label="Linked sign-in methods">
        {methods.map((method) => (
          <li key={method.providerId}>
            <span>
              <strong>{providerName(providers, method.providerId)}</strong>
              {method.email ? ` (${method.email})` : null}
            </span>
            {methods.length > 1 ? (
              <IonButton
                size="small"
                fill="outline"
                aria-label={`Unlink ${providerName(providers, method.providerId)}`}
                onClick={() => void unlink(method.providerId)}
              >
                Unlink
              </IonButton>
            ) : null}
          </li>
        ))}
      </ul>
      {methods.length === 1 ? <p>This is your only way to sign in, so it cannot be removed.</p> : null}
      <FormNotice message={notice} />
      <FormError message={error} />
      <ProviderButtons
        providers={linkable}
        purpose="link"
        returnTo="/account"
        label={(provider) => `Link ${provider.displayName}`}
        onOutcome={async () => {
          setNotice('The sign-in method is linked.');
          await reload();
        }}
      />
    </section>
  );
}
