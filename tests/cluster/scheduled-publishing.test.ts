import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../support/staff';
import { HttpClient } from '../support/http-client';
import {
  callAt,
  changesOf,
  closeStreams,
  DEADLINE_MS,
  type Instance,
  newPerson,
  POLL_MS,
  stored,
  stream,
  twoInstances,
} from './support/cluster';

/**
 * Every instance looks for due schedules every 20 seconds and at start-up, and only the one
 * holding the `scheduled-publishing` lease runs; each due draft is published in a transaction
 * that first deletes its schedule row (docs/publishing.md). So with two instances a scheduled
 * draft is published once, by either, and both serve it.
 */

/** The instances' schedule check runs every 20 s: the publish comes within that of its time. */
const PUBLISHED_WITHIN_MS = DEADLINE_MS + 20_000;

const COLLECTION = 'team-members';
const BASE = `/api/admin/${COLLECTION}`;
const MEMBER = {
  name: 'Robin Vale',
  role: 'Technician',
  bio: 'Robin fixes laptops.',
  email: 'robin@northwind.example',
  skills: ['Laptops'],
  joinedYear: 2023,
};

let first: Instance;
let second: Instance;
let staff: Person;

beforeAll(async () => {
  [first, second] = await twoInstances();
  staff = await newPerson(first.url, ['staff'], 'scheduler');
});
afterEach(closeStreams);

const publicBio = async (url: string, id: string) =>
  (await new HttpClient(url).get<{ bio?: string }>(`/api/team-members/${encodeURIComponent(id)}`)).body.bio;

describe('scheduled publishing on two instances', () => {
  it('publishes a draft scheduled a few seconds ahead once, and both instances serve it', async () => {
    const name = `Robin Vale ${Date.now().toString(36)}`;
    const created = await callAt<{ id: string }>(first.url, staff, 'POST', BASE, { ...MEMBER, name });
    expect(created.status).toBe(201);
    const id = created.body.id;
    // Both have read (and may keep) the published text before the change.
    for (const instance of [first, second]) expect(await publicBio(instance.url, id)).toBe(MEMBER.bio);

    const watching = await stream(second.url, 'topics=publishing', { headers: { authorization: `Bearer ${staff.idToken}` } });
    expect(watching.status).toBe(200);
    await watching.waitFor((m) => m.event === 'ready', DEADLINE_MS);

    const bio = 'Robin fixes laptops, on schedule.';
    const draft = await callAt(second.url, staff, 'PUT', `${BASE}/${id}/draft`, { ...MEMBER, name, bio, version: 0 });
    expect(draft.status).toBe(200);
    const versionOf = () =>
      stored(
        async ({ db }) => (await db.selectFrom('team_members').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version,
      );
    const versionBefore = await versionOf();
    const dueAt = new Date(Date.now() + 3_000).toISOString();
    const scheduled = await callAt(first.url, staff, 'PUT', `${BASE}/${id}/schedule`, { dueAt });
    expect(scheduled.status).toBe(200);

    for (const instance of [first, second]) {
      await expect.poll(() => publicBio(instance.url, id), { timeout: PUBLISHED_WITHIN_MS, interval: POLL_MS }).toBe(bio);
    }

    const key = `${COLLECTION}/${id}`;
    const published = (connection: typeof watching) =>
      changesOf(connection, 'publishing').filter((change) => change.key === key && change.kind === 'published');
    await expect.poll(() => published(watching).length, { timeout: DEADLINE_MS, interval: POLL_MS }).toBe(1);

    // Once: one new version, one schedule revision, one audit entry, one change, and nothing left to publish.
    expect(await versionOf()).toBe(versionBefore + 1);
    const record = await stored(async ({ db }) => ({
      revisions: await db
        .selectFrom('content_revisions')
        .select('action')
        .where('collection', '=', COLLECTION)
        .where('item_id', '=', id)
        .execute(),
      audit: await db
        .selectFrom('audit_log')
        .select('action')
        .where('item_id', '=', id)
        .where('action', '=', 'team_member.publish')
        .execute(),
      changes: await db.selectFrom('change_log').select('kind').where('topic', '=', 'publishing').where('key', '=', key).execute(),
      schedules: await db
        .selectFrom('content_schedules')
        .select('item_id')
        .where('collection', '=', COLLECTION)
        .where('item_id', '=', id)
        .execute(),
      drafts: await db
        .selectFrom('content_drafts')
        .select('item_id')
        .where('collection', '=', COLLECTION)
        .where('item_id', '=', id)
        .execute(),
    }));
    expect(record.revisions.filter((revision) => revision.action === 'schedule')).toHaveLength(1);
    expect(record.audit).toHaveLength(1);
    expect(record.changes.filter((change) => change.kind === 'published')).toHaveLength(1);
    expect(record.schedules).toEqual([]);
    expect(record.drafts).toEqual([]);

    const history = await callAt<{ revisions: { action: string; actorEmail: string | null }[] }>(
      second.url,
      staff,
      'GET',
      `${BASE}/${id}/history`,
    );
    expect(history.body.revisions.filter((revision) => revision.action === 'schedule')).toEqual([
      expect.objectContaining({ actorEmail: staff.email }),
    ]);
  });
});
