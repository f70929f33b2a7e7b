import { authErrorSentence } from '../../../../common/auth-errors';
import { providerName, type ProviderInfo } from '../api/providers';
import type { PendingLink } from './use-sign-in-flow';

/** The existing-email case (decision 0110): what the user is asked to do before the link. */
export function PendingLinkNotice({ link, providers }: { link: PendingLink; providers: readonly ProviderInfo[] }) {
  return (
    <div className="auth-form-notice" role="status">
      <p>
        {authErrorSentence('account-exists-with-different-credential')} Log in to <strong>{link.email}</strong> below, and{' '}
        {providerName(providers, link.providerId)} will be linked to it.
      </p>
    </div>
  );
}
