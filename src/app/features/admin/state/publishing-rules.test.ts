import { describe, expect, it } from 'vitest';
import { draftOnlyMarkers, instantOfLocalInput, localInputValue, revisionChanges, scheduleWords } from './publishing-rules';

describe('revisionChanges', () => {
  it('lists the changed fields only, word by word', () => {
    const changes = revisionChanges({ title: 'Cloud moves', summary: 'Same' }, { title: 'Cloud migrations', summary: 'Same' }, [
      'title',
      'summary',
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.field).toBe('title');
    expect(changes[0]!.parts).toEqual([
      { text: 'Cloud ', change: 'same' },
      { text: 'moves', change: 'removed' },
      { text: 'migrations', change: 'added' },
    ]);
  });

  it('treats a first revision as all added, and lists as their text', () => {
    expect(revisionChanges(null, { skills: ['A', 'B'] }, ['skills'])).toEqual([
      { field: 'skills', parts: [{ text: 'A, B', change: 'added' }] },
    ]);
  });
});

describe('revisionChanges on an article body', () => {
  it('compares a rich-text body by its words, not as an object', () => {
    const doc = (text: string) => ({
      type: 'doc' as const,
      content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text }] }],
    });
    const changes = revisionChanges({ body: doc('Open on Saturdays') }, { body: doc('Open on Sundays') }, ['body']);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.parts.map((part) => part.text).join('')).not.toContain('[object Object]');
    expect(changes[0]!.parts).toContainEqual({ text: 'Sundays', change: 'added' });
    expect(changes[0]!.parts).toContainEqual({ text: 'Saturdays', change: 'removed' });
  });
});

describe('schedule times', () => {
  it('round-trips a local date and time through UTC', () => {
    const iso = instantOfLocalInput('2030-03-04T09:05')!;
    expect(localInputValue(new Date(iso))).toBe('2030-03-04T09:05');
    expect(iso.endsWith('Z')).toBe(true);
  });

  it('refuses what is no date', () => {
    expect(instantOfLocalInput('')).toBeNull();
    expect(instantOfLocalInput('tomorrow')).toBeNull();
    expect(instantOfLocalInput('2030-13-45T99:99')).toBeNull();
  });
});

describe('scheduleWords', () => {
  const when = (iso: string) => `<${iso}>`;
  it('says when a schedule publishes, or that it could not and why', () => {
    expect(scheduleWords('2026-12-01T09:00:00.000Z', null, when)).toBe('scheduled for <2026-12-01T09:00:00.000Z>');
    const failure = { at: '2026-12-01T09:00:20.000Z', reason: 'Choose the author among the team members.' };
    expect(scheduleWords('2026-12-01T09:00:00.000Z', failure, when)).toBe(
      'could not be published at <2026-12-01T09:00:00.000Z>: Choose the author among the team members.',
    );
  });
});

describe('draftOnlyMarkers', () => {
  it('keeps the drafts whose item is not published', () => {
    const markers = [{ itemId: 'maya' }, { itemId: 'new-one' }];
    expect(draftOnlyMarkers(markers, [{ id: 'maya' }, { id: 'other' }])).toEqual([{ itemId: 'new-one' }]);
    expect(draftOnlyMarkers(markers, [])).toEqual(markers);
  });
});
