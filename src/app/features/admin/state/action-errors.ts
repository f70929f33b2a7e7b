import { ApiError } from '../../../../common/api-error';

/** True when the server refused for want of a sign-in younger than 5 minutes. */
export function needsRecentSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'recent_login_required';
}

/**
 * A failure as a sentence for the page. Server errors already are sentences (409 "This is the
 * last administrator..."); the auth session's errors carry the auth error catalogue's sentences as messages.
 */
export function sentenceFor(error: unknown): string {
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0 && error.code === 'validation_failed') {
    return `${error.message} ${Object.entries(error.fields)
      .map(([field, problem]) => `${field}: ${problem}`)
      .join('; ')}`.trim();
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
