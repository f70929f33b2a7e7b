import { describe, expect, it } from 'vitest';
import { personJsonLd, preparedPageKey, summarise, supportFormState } from './site-pages';

describe('summarise', () => {
  it('takes the first sentence', () => {
    expect(summarise('Aiko leads our web team. She cares about speed.')).toBe('Aiko leads our web team.');
  });
  it('shortens a long sentence with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end.`;
    const summary = summarise(text, 50);
    expect(summary.length).toBeLessThanOrEqual(50);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('supportFormState', () => {
  it('starts plain with a fresh idempotency key each time', () => {
    const first = supportFormState({});
    expect(first).toMatchObject({ notice: null, invalidFields: [] });
    expect(first.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(supportFormState({}).idempotencyKey).not.toBe(first.idempotencyKey);
  });
  it('reads the outcome of a form posted without JavaScript', () => {
    expect(supportFormState({ sent: '1' }).notice).toBe('sent');
    expect(supportFormState({ invalid: 'name,email,bogus' })).toMatchObject({ notice: 'invalid', invalidFields: ['name', 'email'] });
    expect(supportFormState({ error: 'rate_limited' }).notice).toBe('rate_limited');
    expect(supportFormState({ error: '<script>' }).notice).toBeNull();
  });
});

describe('personJsonLd', () => {
  it('describes a member and ties them to the organisation', () => {
    const person = personJsonLd('https://nw.example', {
      id: 'maya-chen',
      name: 'Maya Chen',
      role: 'Founder & CEO',
      bio: 'Bio.',
      email: 'maya@nw.example',
      skills: ['IT strategy'],
      joinedYear: 2011,
      image: null,
    });
    expect(person).toMatchObject({
      '@type': 'Person',
      name: 'Maya Chen',
      jobTitle: 'Founder & CEO',
      url: 'https://nw.example/team/maya-chen',
      worksFor: { '@id': 'https://nw.example/#organization' },
    });
    expect(person).not.toHaveProperty('image');
  });

  it('names the largest variant of their photo as the image', () => {
    const variant = (width: number) => ({ url: `/images/${String(width).padStart(64, '0')}.webp`, width, height: width });
    const person = personJsonLd('https://nw.example', {
      id: 'maya-chen',
      name: 'Maya Chen',
      role: 'Founder & CEO',
      bio: 'Bio.',
      email: 'maya@nw.example',
      skills: [],
      joinedYear: 2011,
      image: { id: 'x', width: 640, height: 640, variants: [variant(160), variant(640), variant(320)] },
    });
    expect(person.image).toBe(`https://nw.example/images/${'640'.padStart(64, '0')}.webp`);
  });
});

describe('preparedPageKey', () => {
  it('names the cache key of the pages the same for everyone, and nothing else', () => {
    expect(preparedPageKey('/')).toBe('/');
    expect(preparedPageKey('/landing')).toBe('/');
    expect(preparedPageKey('/about')).toBe('/about');
    expect(preparedPageKey('/team')).toBe('/team');
    expect(preparedPageKey('/team/maya-chen')).toBe('/team/maya-chen');
    expect(preparedPageKey('/support')).toBeNull();
    expect(preparedPageKey('/constructor')).toBeNull();
    expect(preparedPageKey(`/team/${'x'.repeat(81)}`)).toBeNull();
  });
});
