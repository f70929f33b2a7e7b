import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { badRequest, forbidden } from '../lib/http-error';
import { checkedFields, failureReason, fieldMessages } from './validation';

describe('publishing validation', () => {
  const schema = z.object({ title: z.string().trim().max(5, 'Title is too long.'), icon: z.enum(['bulb'], 'Choose an icon.') });

  it('names each refused field once, with its first message', () => {
    expect(
      fieldMessages([
        { path: ['title'], message: 'first' },
        { path: ['title'], message: 'second' },
        { path: ['body', 'content', 0], message: 'bad node' },
        { path: [], message: 'whole' },
      ]),
    ).toEqual({ title: 'first', 'body.content.0': 'bad node', fields: 'whole' });
  });

  it('keeps the fields as a save would, and refuses with a 400 naming the fields', () => {
    expect(checkedFields(schema, { title: ' abc ', icon: 'bulb', extra: 1 }, 'This revision')).toEqual({ title: 'abc', icon: 'bulb' });
    try {
      checkedFields(schema, { title: 'far too long', icon: 'rocket' }, 'This revision');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'validation_failed',
        fields: { title: 'Title is too long.', icon: 'Choose an icon.' },
      });
      expect((error as Error).message).toMatch(/^This revision does not meet the rules of a save \(title: Title is too long\.; icon:/);
    }
  });

  it("tells a refusal's own words, and nothing of an unexpected error", () => {
    expect(failureReason(badRequest('Choose the author among the team members.'))).toEqual({
      reason: 'Choose the author among the team members.',
      expected: true,
    });
    expect(failureReason(forbidden('No role.')).expected).toBe(true);
    const internal = failureReason(new Error('relation "x" does not exist at SELECT secret'));
    expect(internal.expected).toBe(false);
    expect(internal.reason).not.toMatch(/relation|SELECT/);
  });
});
