import { lazy, Suspense } from 'react';
import type { MfaPending } from '../../../lib/session/mfa-required';

// Asked for only after a first step that needs it: its code loads then, not with the form.
const SecondStepFormView = lazy(() => import('./second-step-form-view').then((module) => ({ default: module.SecondStepFormView })));

/** The second step of a sign-in (decision 0111), loaded when a sign-in first needs it. */
export function SecondStepForm(props: { pending: MfaPending; onDone: () => Promise<void>; onRestart: () => void }) {
  return (
    <Suspense fallback={null}>
      <SecondStepFormView {...props} />
    </Suspense>
  );
}
