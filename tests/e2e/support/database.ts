import { openDatabase } from '../../../src/server/platform/db/database';

export interface StoredSupportMessage {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  date: string;
}

/**
 * The support messages stored with this text, read through the server's own database layer so
 * it works on whichever engine the server uses (SQLite file or PostgreSQL).
 */
export async function storedSupportMessages(databaseUrl: string, message: string): Promise<StoredSupportMessage[]> {
  const handle = await openDatabase(databaseUrl);
  try {
    return await handle.db
      .selectFrom('support_messages')
      .select(['id', 'name', 'email', 'subject', 'date'])
      .where('message', '=', message)
      .execute();
  } finally {
    await handle.close();
  }
}
