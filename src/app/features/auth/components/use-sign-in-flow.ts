import { useCallback, useEffect, useRef, useState } from 'react';
import type { MfaPending } from '../../../lib/session/mfa-required';
import type { IdpOutcome } from '../state/idp/flow';
import { redirectResultWaits } from '../state/idp/storage';
import { MultiFactorRequiredError } from '../../../lib/session/mfa-required';
import { sentenceFor } from './form-state';

export interface PendingLink {
  email: string;
  providerId: string;
  pendingToken: string;
}

/**
 * What Login and Signup share once a first step has answered: the second step to ask for, the
 * provider to link after the user proves the existing account (decision 0110), and going on.
 */
export function useSignInFlow(goNext: () => void) {
  const [mfa, setMfa] = useState<MfaPending | null>(null);
  const [pendingLink, setPendingLink] = useState<PendingLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const linkRef = useRef<PendingLink | null>(null);

  /** Signed in: link the waiting provider first, if any, then go on. */
  const finish = useCallback(async () => {
    const link = linkRef.current;
    linkRef.current = null;
    setMfa(null);
    setPendingLink(null);
    if (link) {
      try {
        const { linkPendingIdentity } = await import('../state/idp/outcome');
        await linkPendingIdentity(link.pendingToken);
      } catch (caught) {
        setError(sentenceFor(caught));
        return;
      }
    }
    goNext();
  }, [goNext]);

  const handleOutcome = useCallback(
    async (outcome: IdpOutcome) => {
      setError(null);
      if (outcome.kind === 'mfa') setMfa(outcome.pending);
      else if (outcome.kind === 'needConfirmation') {
        const link = { email: outcome.email, providerId: outcome.providerId, pendingToken: outcome.pendingToken };
        linkRef.current = link;
        setPendingLink(link);
      } else await finish();
    },
    [finish],
  );

  /** A password sign-in; a second step needed is asked for, not shown as an error. */
  const passwordSignIn = useCallback(
    async (signIn: () => Promise<unknown>) => {
      try {
        await signIn();
      } catch (caught) {
        if (caught instanceof MultiFactorRequiredError) {
          setMfa(caught.pending);
          return;
        }
        throw caught;
      }
      await finish();
    },
    [finish],
  );

  // Back from a provider by redirect: its answer, kept for at most 10 minutes, is read once. The
  // flow's code loads only when an answer waits.
  useEffect(() => {
    if (!redirectResultWaits()) return;
    let active = true;
    import('../state/idp/flow')
      .then((idp) => idp.redirectOutcome())
      .then(async (outcome) => {
        if (active && outcome) await handleOutcome(outcome);
      })
      .catch((caught: unknown) => {
        if (active) setError(sentenceFor(caught));
      });
    return () => {
      active = false;
    };
  }, [handleOutcome]);

  const restart = useCallback(() => {
    linkRef.current = null;
    setMfa(null);
    setPendingLink(null);
    setError(null);
  }, []);

  return { mfa, pendingLink, error, handleOutcome, passwordSignIn, finish, restart };
}
