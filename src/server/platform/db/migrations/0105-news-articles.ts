import type { Kysely } from 'kysely';

/**
 * News articles (src/server/news). The table holds what is published; drafts, revisions and
 * schedules live in the publishing tables (0100) like those of every versioned collection.
 * A published article's old addresses answer with a redirect to its current one; the pictures
 * uploaded for articles are listed so that no other item's change deletes them.
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('news_articles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('cover_image_id', 'text')
    .addColumn('cover_alt', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull())
    // The body as the allow-listed document (src/common/rich-text.ts), JSON text; never HTML.
    .addColumn('body_json', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('news_articles_published_idx').on('news_articles').columns(['published_at', 'id']).execute();

  await db.schema
    .createTable('news_slug_redirects')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('news_images')
    .addColumn('image_id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('news_images').ifExists().execute();
  await db.schema.dropTable('news_slug_redirects').ifExists().execute();
  await db.schema.dropTable('news_articles').ifExists().execute();
}
