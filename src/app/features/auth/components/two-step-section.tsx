import { IonButton } from '@ionic/react';
import { useState } from 'react';
import type { AccountInfo } from '../../../lib/session/identity-request';
import { codeProblem } from '../state/idp/rules';
import { FormError, FormNotice, PasswordField } from './auth-fields';
import { sentenceFor } from './form-state';
import { CodeInput } from './code-input';
import { preloadable } from '../../../lib/preloadable';
import type { TotpSetup } from './totp-setup-form';

// The setup form and the recovery codes show after a tap and an answer from the server: their code
// loads beside that answer, not with the Account page's first screen.
const setupForm = preloadable(() => import('./totp-setup-form').then((module) => module.TotpSetupForm));
const recoveryList = preloadable(() => import('./recovery-codes').then((module) => module.RecoveryCodes));
// The calls themselves too (state/two-step-actions.ts): nothing on the first screen makes one.
const actions = () => import('../state/two-step-actions');
const TotpSetupForm = setupForm.Component;
const RecoveryCodes = recoveryList.Component;

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
      const [{ beginTwoStep }] = await Promise.all([actions(), setupForm.preload()]);
      setEnrolling(await beginTwoStep(info.email, hasPassword ? password : null));
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
      const [{ confirmTwoStep }] = await Promise.all([actions(), recoveryList.preload()]);
      setRecoveryCodes(await confirmTwoStep(enrolling, code));
      setEnrolling(null);
      setCode('');
      await reload();
    });
  };

  const turnOff = () =>
    run(async () => {
      if (!factor) return;
      const { endTwoStep } = await actions();
      await endTwoStep(factor.mfaEnrollmentId, hasPassword ? password : null, code);
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
