import { AuthError, authErrorSentence } from '../../../../common/auth-errors';

/** The sentence for anything an auth call threw. */
export function sentenceFor(error: unknown): string {
  if (error instanceof AuthError) return error.message;
  return authErrorSentence('internal-error');
}

/** Focuses the first field with a problem, so keyboard and screen-reader users land on it. */
export async function focusFirstInvalid(fields: { element: HTMLIonInputElement | null; error: string | null }[]): Promise<void> {
  const first = fields.find((field) => field.error);
  await first?.element?.setFocus();
}
