import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer, type TestServer } from '../support/test-server';

const HOUR = 60 * 60_000;

describe.each(ENGINES)('hourly housekeeping across instances on %s', (engine) => {
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ engine, seed: false, env: { INSTANCE_ID: 'one' } });
    // A second instance on the same database, as behind a balancer.
    second = await startTestServer({ engine, seed: false, databaseUrl: first.config.DATABASE_URL, env: { INSTANCE_ID: 'two' } });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.destroy();
  });

  it('runs on exactly one instance per hour when both are due at once', async () => {
    const base = Date.parse('2030-01-01T00:00:00Z');
    const winners: string[] = [];
    for (let hour = 0; hour < 8; hour++) {
      const now = base + hour * HOUR;
      const [a, b] = await Promise.all([first.app.identityHousekeeping.runIfDue(now), second.app.identityHousekeeping.runIfDue(now)]);
      const ran = [a, b].filter((result) => result !== null);
      expect(ran, `hour ${hour}`).toHaveLength(1);
      expect(ran[0]).toMatchObject({ refreshTokens: 0, oobCodes: 0, idpSessions: 0, mfaSessions: 0 });
      winners.push(a !== null ? 'one' : 'two');
      // Later in the same hour nobody runs it again.
      const again = await Promise.all([
        first.app.identityHousekeeping.runIfDue(now + 20 * 60_000),
        second.app.identityHousekeeping.runIfDue(now + 20 * 60_000),
      ]);
      expect(again).toEqual([null, null]);
    }
    // Scheduled publishing has a lease of its own (checked in publishing.test.ts).
    const lease = await first.database.db.selectFrom('job_leases').selectAll().where('name', '!=', 'scheduled-publishing').execute();
    expect(lease).toHaveLength(1);
    expect(lease[0]!.name).toBe('identity-housekeeping');
    expect(['one', 'two']).toContain(lease[0]!.holder);
    expect(winners).toHaveLength(8);
  });
});
