import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTENT_INPUTS, CONTENT_KINDS } from '../../../../common/content-schemas';
import { fieldErrors, formValuesOf, inputOf, isContentKind, KIND_SPECS, leftAnnouncement, moveId, schemaMaxLength } from './content-rules';

describe('content form rules', () => {
  it('has a field for every input of the shared schema, each text field as long as the schema allows', () => {
    for (const kind of CONTENT_KINDS) {
      const shape: Record<string, z.ZodType> = CONTENT_INPUTS[kind].shape;
      const fields = KIND_SPECS[kind].fields;
      expect(fields.map((field) => field.name).sort(), kind).toEqual(Object.keys(shape).sort());
      for (const field of fields) {
        const rule = shape[field.name];
        if (rule instanceof z.ZodString) expect(field.maxLength, `${kind}.${field.name}`).toBe(rule.maxLength);
      }
    }
  });

  it('turns a saved team member into form text and back', () => {
    const member = {
      name: 'Lena Park',
      role: 'Engineer',
      bio: 'Bio.',
      email: 'l@x.example',
      skills: ['Networks', 'Wi-Fi'],
      joinedYear: 2024,
    };
    const values = formValuesOf('team-members', member);
    expect(values).toEqual({
      name: 'Lena Park',
      role: 'Engineer',
      bio: 'Bio.',
      email: 'l@x.example',
      skills: 'Networks, Wi-Fi',
      joinedYear: '2024',
    });
    expect(inputOf('team-members', values)).toEqual(member);
    expect(formValuesOf('services', null)).toEqual({ title: '', summary: '', description: '', icon: '' });
  });

  it('gives the shared schema messages by field', () => {
    const errors = fieldErrors('services', { title: ' ', summary: 'x'.repeat(201), description: 'Fine.', icon: 'Bad Icon' });
    expect(errors.title).toBe('Title is required.');
    expect(errors.summary).toBe('Summary can be at most 200 characters.');
    expect(errors.icon).toBe('Choose one of the icons the site can draw.');
    expect(errors.description).toBeUndefined();
    expect(fieldErrors('client-reviews', { author: 'A', role: 'B', company: 'C', quote: 'D', rating: '7' }).rating).toBe(
      'Rating is at most 5.',
    );
    expect(fieldErrors('client-reviews', { author: 'A', role: 'B', company: 'C', quote: 'D', rating: '' }).rating).toBe(
      'Rating is a number from 1 to 5.',
    );
    expect(fieldErrors('core-values', { title: 'T', description: 'D', icon: 'school' })).toEqual({});
  });

  it('moves an id up or down, and not past either end', () => {
    expect(moveId(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it("reads a field's length from its schema: a text's maximum, a number's digits", () => {
    expect(schemaMaxLength(z.string().max(80))).toBe(80);
    expect(schemaMaxLength(z.number().int().max(2100))).toBe(4);
    expect(schemaMaxLength(z.array(z.string()))).toBeNull();
    expect(KIND_SPECS['client-reviews'].fields.find((field) => field.name === 'rating')?.maxLength).toBe(1);
    expect(KIND_SPECS['team-members'].fields.find((field) => field.name === 'joinedYear')?.maxLength).toBe(4);
  });

  it('knows the four kinds', () => {
    expect(isContentKind('team-members')).toBe(true);
    expect(isContentKind('users')).toBe(false);
    expect(isContentKind(undefined)).toBe(false);
  });
});

describe('characters left announcements', () => {
  it('announces only when the count crosses 20, 10 or 0 left, not at every key', () => {
    expect(leftAnnouncement('x'.repeat(10), 'x'.repeat(11), 80)).toBeNull();
    expect(leftAnnouncement('x'.repeat(59), 'x'.repeat(60), 80)).toBe('20 characters left');
    expect(leftAnnouncement('x'.repeat(60), 'x'.repeat(61), 80)).toBeNull();
    expect(leftAnnouncement('x'.repeat(69), 'x'.repeat(70), 80)).toBe('10 characters left');
    expect(leftAnnouncement('x'.repeat(79), 'x'.repeat(80), 80)).toBe('0 characters left');
    expect(leftAnnouncement('x'.repeat(70), 'x'.repeat(60), 80)).toBeNull();
  });
});
