import type { Kysely } from 'kysely';

/**
 * Images of team members and services (decision 0802). The database is the one store every
 * server instance shares, so the resized WebP variants live in it: `content_images` is one
 * uploaded picture, `content_image_variants` its widths, each addressed by the hash of its own
 * bytes. The bytes are base64 text, the one portable column type for them (decision 0003).
 */
// Migrations must not depend on the current schema type, which will change after them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('content_image_variants')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('image_id', 'text', (c) => c.notNull().references('content_images.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_image_variants_image_idx').on('content_image_variants').column('image_id').execute();
  for (const table of ['services', 'team_members']) {
    await db.schema.alterTable(table).addColumn('image_id', 'text').execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['services', 'team_members']) await db.schema.alterTable(table).dropColumn('image_id').execute();
  await db.schema.dropTable('content_image_variants').execute();
  await db.schema.dropTable('content_images').execute();
}
