import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Substring search of the inbox without reading every message: on SQLite an FTS5 table with the
 * trigram tokenizer (it answers LIKE '%text%'), kept by triggers; on PostgreSQL a trigram GIN
 * index, when the pg_trgm extension is installed or the role may install it (otherwise the
 * search reads the table, as before; docs/console.md has the figures).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ installed: boolean; possible: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
        exists (select 1 from pg_available_extensions where name = 'pg_trgm')
          and ((select rolsuper from pg_roles where rolname = current_user) or has_database_privilege(current_database(), 'CREATE')) as possible`.execute(
      db,
    );
    const state = rows[0];
    if (!state?.installed && !state?.possible) return;
    if (!state.installed) await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index support_messages_search_trgm_idx on support_messages using gin (search_text gin_trgm_ops)`.execute(db);
    return;
  }
  // Its own copy of the text with the message id: rowids of a table without an integer key may
  // change on VACUUM, so the index must not depend on them.
  await sql`create virtual table support_messages_fts using fts5(search_text, message_id unindexed, tokenize = 'trigram')`.execute(db);
  await sql`insert into support_messages_fts (search_text, message_id) select search_text, id from support_messages`.execute(db);
  await sql`create trigger support_messages_fts_insert after insert on support_messages begin
      insert into support_messages_fts (search_text, message_id) values (new.search_text, new.id);
    end`.execute(db);
  await sql`create trigger support_messages_fts_update after update of search_text on support_messages begin
      delete from support_messages_fts where message_id = old.id;
      insert into support_messages_fts (search_text, message_id) values (new.search_text, new.id);
    end`.execute(db);
  await sql`create trigger support_messages_fts_delete after delete on support_messages begin
      delete from support_messages_fts where message_id = old.id;
    end`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop index if exists support_messages_search_trgm_idx`.execute(db);
    return;
  }
  for (const trigger of ['support_messages_fts_insert', 'support_messages_fts_update', 'support_messages_fts_delete'])
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  await sql`drop table if exists support_messages_fts`.execute(db);
}
