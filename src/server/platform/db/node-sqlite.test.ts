import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { openNodeSqlite, sqliteDriverFor, withResultCode } from './node-sqlite';

const hasNodeSqlite = (() => {
  try {
    createRequire(import.meta.url)('node:sqlite');
    return true;
  } catch {
    return false;
  }
})();

describe('SQLite driver choice', () => {
  it('uses node:sqlite from Node.js 24 on and better-sqlite3 before', () => {
    expect(sqliteDriverFor('v20.19.0')).toBe('better-sqlite3');
    expect(sqliteDriverFor('v22.23.3')).toBe('better-sqlite3');
    expect(sqliteDriverFor('v24.21.0')).toBe('node:sqlite');
    expect(sqliteDriverFor('v26.0.0')).toBe('node:sqlite');
  });

  it('names node:sqlite errors as better-sqlite3 does', () => {
    const unique = Object.assign(new Error('UNIQUE constraint failed: users.email'), { code: 'ERR_SQLITE_ERROR', errcode: 2067 });
    expect((withResultCode(unique) as { code: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    const busy = Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 });
    expect((withResultCode(busy) as { code: string }).code).toBe('SQLITE_BUSY');
    const other = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    expect((withResultCode(other) as { code: string }).code).toBe('ECONNREFUSED');
  });
});

describe.skipIf(!hasNodeSqlite)(
  `node:sqlite behind Kysely's interface${hasNodeSqlite ? '' : ' (skipped: this Node.js has no node:sqlite)'}`,
  () => {
    it('reads, writes, and reports constraint errors with better-sqlite3 codes', () => {
      const db = openNodeSqlite(':memory:');
      try {
        db.exec('create table t (id integer primary key, v text not null unique)');
        const insert = db.prepare('insert into t (v) values (?)');
        expect(insert.reader).toBe(false);
        expect(insert.run(['a'])).toMatchObject({ changes: 1, lastInsertRowid: 1 });
        const returning = db.prepare('insert into t (v) values (?) returning id');
        expect(returning.reader).toBe(true);
        expect(returning.all(['b'])).toEqual([{ id: 2 }]);
        expect(db.prepare('select v from t order by id').all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
        expect([...db.prepare('select id from t where v = ?').iterate(['b'])]).toEqual([{ id: 2 }]);
        expect(() => insert.run(['a'])).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_UNIQUE' }));
      } finally {
        db.close();
      }
    });
  },
);
