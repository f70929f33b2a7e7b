import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../common/api-error';
import { needsRecentSignIn, sentenceFor } from './action-errors';

describe('console action errors', () => {
  it('recognises the recent sign-in refusal only', () => {
    expect(needsRecentSignIn(new ApiError(403, 'recent_login_required', 'Log in again'))).toBe(true);
    expect(needsRecentSignIn(new ApiError(403, 'forbidden', 'No'))).toBe(false);
    expect(needsRecentSignIn(new Error('x'))).toBe(false);
  });

  it('says the server’s sentence, with the fields of a validation failure', () => {
    expect(sentenceFor(new ApiError(409, 'conflict', 'This is the last administrator.'))).toBe('This is the last administrator.');
    expect(sentenceFor(new ApiError(400, 'validation_failed', 'Check the form.', { title: 'Enter the movie title.' }))).toBe(
      'Check the form. title: Enter the movie title.',
    );
    expect(sentenceFor('odd')).toBe('Something went wrong. Please try again.');
  });
});
