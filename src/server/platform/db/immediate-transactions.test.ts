import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';

describe('SQLite transactions and other connections to the same file', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(file: string, timeoutMs: number): Promise<DatabaseHandle> {
    const handle = await openDatabase(`sqlite:${file}`, { timeoutMs });
    cleanups.push(() => handle.close());
    return handle;
  }

  it('keeps a transaction that reads and then writes while another connection writes in between', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nw-immediate-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'db.sqlite');
    // Another process, such as the admin command: it gives up on the lock quickly here.
    const server = await open(file, 2_000);
    const other = await open(file, 100);
    await sql`create table notes (body text not null)`.execute(server.db);

    let otherWrite: unknown = null;
    await server.db.transaction().execute(async (trx) => {
      await sql`select count(*) from notes`.execute(trx);
      // With a deferred BEGIN this write would succeed and the transaction's own write below
      // would fail at once with "database is locked"; now the transaction holds the lock.
      try {
        await sql`insert into notes (body) values ('other')`.execute(other.db);
      } catch (error) {
        otherWrite = error;
      }
      await sql`insert into notes (body) values ('mine')`.execute(trx);
    });

    expect(String(otherWrite)).toMatch(/locked|busy/i);
    const rows = await sql<{ body: string }>`select body from notes`.execute(other.db);
    expect(rows.rows.map((row) => row.body)).toEqual(['mine']);
    // Once the transaction is over, the other connection writes as usual.
    await sql`insert into notes (body) values ('other')`.execute(other.db);
  });
});
