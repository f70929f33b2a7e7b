import { isStorableText } from '../../../common/text-rules';
import { badRequest } from './http-error';

/**
 * Keyset-paging cursors: the (time, id) of the last row of a page, opaque to clients.
 * Undefined for anything that is not a cursor we made.
 */
export function encodeCursor(at: string, id: string): string {
  return Buffer.from(`${at}\n${id}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined): { at: string; id: string } | undefined {
  if (!cursor || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('\n');
  // A NUL in the id would reach the query (PostgreSQL refuses it in text): not a cursor we made.
  if (!at || !id || rest.length > 0 || !isStorableText(id) || Number.isNaN(Date.parse(at))) return undefined;
  return { at, id };
}

/** A page cursor from a query, or a 400 naming `field` when it is one we did not make. */
export function cursorOf(cursor: string | undefined, field = 'cursor'): { at: string; id: string } | undefined {
  const before = decodeCursor(cursor);
  if (cursor && !before) throw badRequest('That page cursor is not valid; start again from the first page.', { [field]: 'is not valid' });
  return before;
}
