import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { openNodeSqlite, sqliteDriverFor } from './node-sqlite';

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

  /** Another connection to the file in `BEGIN IMMEDIATE`, through the driver the server uses. */
  function holdWriteLock(file: string): () => void {
    const other = sqliteDriverFor(process.version) === 'node:sqlite' ? openNodeSqlite(file) : new BetterSqlite3(file);
    other.exec('BEGIN IMMEDIATE');
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      other.exec('COMMIT');
      other.close();
    };
    cleanups.push(release);
    return release;
  }

  it('waits for another connection’s write lock beside other queries, not in front of them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nw-lock-wait-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'db.sqlite');
    const server = await open(file, 10_000);
    await sql`create table notes (body text not null)`.execute(server.db);
    await sql`insert into notes (body) values ('first')`.execute(server.db);

    const release = holdWriteLock(file);
    let written = false;
    const writing = server.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into notes (body) values ('second')`.execute(trx);
      })
      .then(() => (written = true));
    const plainWrite = sql`insert into notes (body) values ('third')`.execute(server.db);
    // Same process, same thread: with SQLite's busy handler these reads would come after the wait.
    for (let n = 0; n < 5; n++) {
      const rows = await sql<{ body: string }>`select body from notes`.execute(server.db);
      expect(rows.rows.map((row) => row.body)).toEqual(['first']);
    }
    expect(written).toBe(false);

    release();
    await Promise.all([writing, plainWrite]);
    const rows = await sql<{ body: string }>`select body from notes order by body`.execute(server.db);
    expect(rows.rows.map((row) => row.body)).toEqual(['first', 'second', 'third']);
  });

  it('gives up with SQLITE_BUSY when the lock is not free in time, and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nw-lock-wait-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'db.sqlite');
    const server = await open(file, 50);
    await sql`create table notes (body text not null)`.execute(server.db);

    const release = holdWriteLock(file);
    await expect(
      server.db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values ('late')`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    await expect(sql`insert into notes (body) values ('late')`.execute(server.db)).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
    release();
    expect((await sql<{ n: number }>`select count(*) as n from notes`.execute(server.db)).rows[0]!.n).toBe(0);
  });
});
