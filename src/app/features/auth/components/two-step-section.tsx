import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { COMPANY } from '../../../../common/constants';
import { reauthenticate } from '../../../lib/session/reauthenticate';
import type { AccountInfo } from '../../../lib/session/identity-request';
import { MultiFactorRequiredError } from '../../../lib/session/mfa-required';
import { codeProblem } from '../state/idp/rules';
import { finishTotpEnrollment, otpauthUri, startTotpEnrollment, turnOffTwoStep } from '../api/two-step';
import { finishSecondStep } from '../../../lib/session/second-step';
import { FormError, FormNotice, PasswordField } from './auth-fields';
import { sentenceFor } from './form-state';
import { CodeInput } from './code-input';
import { RecoveryCodes } from './recovery-codes';
import { type TotpSetup, TotpSetupForm } from './totp-setup-form';

/**
 * Two-step sign-in on the Account page (decision 0111): a QR code and the secret to type, a
 * code to confirm, the recovery codes once; turning it off needs the password and a code.
 */
export function TwoStepSection({ info, reload }: { info: AccountInfo; reload: () => Promise<void> }) {
  const factor = info.mfaInfo?.[0];
  const hasPassword = (info.providerUserInfo ?? []).some((method) => method.providerId === 'password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolling, setEnrolling] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (task: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      await task();
    } catch (caught) {
      setError(sentenceFor(caught));
    } finally {
      setBusy(false);
    }
  };

  const begin = () =>
    run(async () => {
      // Turning it on needs a sign-in under 5 minutes: the password renews it.
      if (hasPassword) await reauthenticate(password);
      const started = await startTotpEnrollment();
      const uri = otpauthUri(started.sharedSecretKey, info.email, COMPANY.shortName, started.periodSec, started.verificationCodeLength);
      // The QR code's library loads when someone turns two-step sign-in on, not with the page.
      const { default: QRCode } = await import('qrcode');
      setEnrolling({ ...started, qr: await QRCode.toDataURL(uri, { width: 200, margin: 1 }) });
      setPassword('');
    });

  const confirm = () => {
    const problem = codeProblem(code);
    if (problem) {
      setError(problem);
      return;
    }
    void run(async () => {
      if (!enrolling) return;
      setRecoveryCodes(await finishTotpEnrollment(enrolling.sessionInfo, code));
      setEnrolling(null);
      setCode('');
      await reload();
    });
  };

  const turnOff = () =>
    run(async () => {
      if (!factor) return;
      if (hasPassword) {
        try {
          await reauthenticate(password);
        } catch (caught) {
          // The password was right; the account's second step is the code typed beside it.
          if (!(caught instanceof MultiFactorRequiredError)) throw caught;
          await finishSecondStep(caught.pending, code);
        }
      }
      await turnOffTwoStep(factor.mfaEnrollmentId);
      setPassword('');
      setCode('');
      setNotice('Two-step sign-in is off.');
      await reload();
    });

  // Turning two-step on or off asks for the password of an account that has one.
  const passwordField = hasPassword ? (
    <PasswordField
      value={password}
      onChange={setPassword}
      error={null}
      showError={false}
      autoComplete="current-password"
      label="Current password"
      name="current-password"
    />
  ) : null;

  return (
    <section className="auth-section" aria-labelledby="two-step-heading">
      <h2 id="two-step-heading">Two-step sign-in</h2>
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
      {factor && !recoveryCodes ? (
        <>
          <p>On: signing in asks for a code from your authenticator app.</p>
          <form className="auth-form" aria-label="Turn off two-step sign-in" onSubmit={(event) => (event.preventDefault(), void turnOff())}>
            {passwordField}
            {/* Without a password the recent sign-in alone proves the holder (log in again if it is older). */}
            {hasPassword ? <CodeInput value={code} onChange={setCode} label="Code from your app" /> : null}
            <IonButton type="submit" color="danger" fill="outline" disabled={busy}>
              Turn off two-step sign-in
            </IonButton>
          </form>
        </>
      ) : null}
      {!factor && !enrolling && !recoveryCodes ? (
        <>
          <p>Off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
          <form className="auth-form" aria-label="Turn on two-step sign-in" onSubmit={(event) => (event.preventDefault(), void begin())}>
            {passwordField}
            <IonButton type="submit" disabled={busy}>
              Turn on two-step sign-in
            </IonButton>
          </form>
        </>
      ) : null}
      {enrolling ? <TotpSetupForm setup={enrolling} code={code} onCode={setCode} busy={busy} onSubmit={confirm} /> : null}
      <FormNotice message={notice} />
      <FormError message={error} />
    </section>
  );
}
