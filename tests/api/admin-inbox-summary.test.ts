import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxSummary } from '../../src/common/inbox-schemas';
import { supportMessagesRepository } from '../../src/server/support/repository';
import { newPerson, type Person } from '../support/staff';
import { ENGINES, HttpClient, startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { error: { code: string } };

const message = (n: number) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  subject: `Question ${n}`,
  message: `Message number ${n}, long enough to be a message.`,
});

describe.each(ENGINES)('the inbox summary for the console (%s)', (engine) => {
  let server: TestServer;
  let staff: Person;
  let user: Person;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    staff = await newPerson(server, ['staff'], 'staff');
    user = await newPerson(server, [], 'user');
  });
  afterAll(async () => server?.destroy());

  it('is for staff only', async () => {
    const anonymous = await new HttpClient(server.url).request<ErrorBody>('GET', '/api/admin/inbox/summary');
    expect(anonymous.status).toBe(401);
    const plain = await user.call<ErrorBody>('GET', '/api/admin/inbox/summary');
    expect(plain.status).toBe(403);
    expect(plain.body.error.code).toBe('forbidden');
  });

  it('counts the new messages and lists the newest five of them, newest first', async () => {
    const before = (await staff.call<InboxSummary>('GET', '/api/admin/inbox/summary')).body.newCount;
    const base = Date.parse('2031-01-01T00:00:00.000Z');
    const ids: string[] = [];
    for (let n = 0; n < 7; n++) {
      const created = await supportMessagesRepository(server.database.db).insert(message(n), null, new Date(base + n * 1000));
      ids.push(created!.id);
    }
    await staff.call('PUT', `/api/admin/inbox/${ids[6]}/status`, { status: 'open' });
    const summary = await staff.call<InboxSummary>('GET', '/api/admin/inbox/summary');
    expect(summary.status).toBe(200);
    expect(summary.headers.get('cache-control')).toContain('no-store');
    expect(summary.body.newCount).toBe(before + 6);
    expect(summary.body.latestNew.map((m) => m.id)).toEqual(ids.slice(1, 6).reverse());
    expect(summary.body.latestNew.every((m) => m.status === 'new')).toBe(true);
  });
});
