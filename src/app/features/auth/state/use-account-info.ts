import { useCallback, useEffect, useRef, useState } from 'react';
import { accountInfo, EARLY_ACCOUNT_INFO } from '../api/account-lookup';
import { takeArrived, takeEarly } from '../../../lib/early-answers';
import { type AuthUser } from '../../../lib/session/session-store';
import type { AccountInfo } from '../../../lib/session/identity-request';
import { sentenceFor } from '../components/form-state';

/**
 * The signed-in user's account as the identity service tells it, read again after a change,
 * and the confirmation of the email address: a mail's link (?mode=verifyEmail&oobCode=...) lands
 * on the page, and the page can send a new mail.
 */
export function useAccountInfo(user: AuthUser | null, verifyCode: string | null) {
  // The account the app asked for as it started on /account (routes.tsx): drawn in the first
  // render if it has arrived, else awaited instead of asked for again.
  const [info, setInfo] = useState<AccountInfo | null>(() => (user ? (takeArrived<AccountInfo>(EARLY_ACCOUNT_INFO)?.value ?? null) : null));
  const hadInfo = useRef(info !== null);
  const [infoError, setInfoError] = useState<string | null>(null);
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);
  const reloadInfo = useCallback(async () => setInfo(await accountInfo()), []);

  // The link of a VERIFY_EMAIL mail lands here.
  useEffect(() => {
    if (!verifyCode) return;
    let active = true;
    // The account's other calls load only for a mail's link or a tap (Send again), not with the page.
    import('../api/account')
      .then(({ applyEmailVerification }) => applyEmailVerification(verifyCode))
      .then(async () => {
        if (!active) return;
        setVerifyNotice('Thank you: your email address is confirmed.');
        if (user) setInfo(await accountInfo());
      })
      .catch((error: unknown) => active && setVerifyError(sentenceFor(error)));
    return () => {
      active = false;
    };
    // Only the code matters; re-running for a new user object would reuse a spent code.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [verifyCode]);

  useEffect(() => {
    if (!user) return;
    if (hadInfo.current) {
      hadInfo.current = false;
      return;
    }
    let active = true;
    (takeEarly<AccountInfo>(EARLY_ACCOUNT_INFO) ?? accountInfo())
      .then((value) => {
        if (active) setInfo(value);
      })
      .catch((error: unknown) => {
        if (active) setInfoError(sentenceFor(error));
      });
    return () => {
      active = false;
    };
  }, [user]);

  const sendVerification = async () => {
    setVerifyError(null);
    try {
      const { sendEmailVerification } = await import('../api/account');
      await sendEmailVerification();
      setVerifyNotice(`We sent a confirmation link to ${user?.email ?? 'your address'}.`);
    } catch (error) {
      setVerifyError(sentenceFor(error));
    }
  };

  return { info, infoError, reloadInfo, verifyNotice, verifyError, sendVerification };
}
