import { COMPANY } from '../../../../common/constants';
import { MultiFactorRequiredError } from '../../../lib/session/mfa-required';
import { reauthenticate } from '../../../lib/session/reauthenticate';
import { finishSecondStep } from '../../../lib/session/second-step';
import { finishTotpEnrollment, otpauthUri, startTotpEnrollment, turnOffTwoStep } from '../api/two-step';
import type { TotpSetup } from '../components/totp-setup-form';

/**
 * What the Account page's two-step section does on a tap (turn on, confirm, turn off), in one
 * module loaded on the first tap (two-step-section.tsx): the first screen only shows the
 * section, and none of these calls is needed to draw it. The QR code's library loads only to turn
 * it on.
 */

/** Turning it on needs a sign-in under 5 minutes: the password renews it (when there is one). */
export async function beginTwoStep(email: string, password: string | null): Promise<TotpSetup> {
  if (password !== null) await reauthenticate(password);
  const started = await startTotpEnrollment();
  const uri = otpauthUri(started.sharedSecretKey, email, COMPANY.shortName, started.periodSec, started.verificationCodeLength);
  const { default: QRCode } = await import('qrcode');
  return { ...started, qr: await QRCode.toDataURL(uri, { width: 200, margin: 1 }) };
}

/** The code from the app confirms the setup; answers the recovery codes, shown once. */
export function confirmTwoStep(setup: TotpSetup, code: string): Promise<string[]> {
  return finishTotpEnrollment(setup.sessionInfo, code);
}

/** Turning it off: the password and, for the renewed sign-in's second step, the code beside it. */
export async function endTwoStep(enrollmentId: string, password: string | null, code: string): Promise<void> {
  if (password !== null) {
    try {
      await reauthenticate(password);
    } catch (caught) {
      // The password was right; the account's second step is the code typed beside it.
      if (!(caught instanceof MultiFactorRequiredError)) throw caught;
      await finishSecondStep(caught.pending, code);
    }
  }
  await turnOffTwoStep(enrollmentId);
}
