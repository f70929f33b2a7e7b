import { describe, expect, it } from 'vitest';
import type { PublishingState } from '../api/content/publishing-types';
import { othersChangeMessage } from './use-others-changes';

const state = (draftVersion: number | null, title = 'Backups', dueAt: string | null = null): PublishingState => ({
  published: { title },
  draft:
    draftVersion === null
      ? null
      : { version: draftVersion, fields: { title: `${title}!` }, updatedAt: '2026-11-26T10:00:00Z', updatedBy: null },
  schedule: dueAt ? { itemId: 'a', dueAt, by: null, failure: null } : null,
});

describe('othersChangeMessage', () => {
  it('says nothing when the server holds what the page holds (the page’s own save came back)', () => {
    expect(othersChangeMessage('draft', state(3), state(3))).toBeNull();
    expect(othersChangeMessage('published', state(null, 'New'), state(null, 'New'))).toBeNull();
  });

  it('says who changed what when the server moved on', () => {
    expect(othersChangeMessage('draft', state(4), state(3))).toMatch(/^Someone else just saved a draft/);
    expect(othersChangeMessage('published', state(null, 'New'), state(null, 'Old'))).toMatch(/^Someone else just published/);
    expect(othersChangeMessage('discarded', state(null), state(2))).toMatch(/discarded/);
    expect(othersChangeMessage('scheduled', state(2, 'Backups', '2030-01-01T09:00:00Z'), state(2))).toMatch(/when this item is published/);
    expect(othersChangeMessage('draft', state(1), null)).not.toBeNull();
  });

  it('says when the schedule the page shows could not publish the draft', () => {
    const due = '2030-01-01T09:00:00Z';
    const failed = {
      ...state(2, 'Backups', due),
      schedule: { itemId: 'a', dueAt: due, by: null, failure: { at: due, reason: 'No author.' } },
    };
    expect(othersChangeMessage('schedule_failed', failed, state(2, 'Backups', due))).toMatch(
      /could not be published at its scheduled time/,
    );
  });
});
