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
  if (!at || !id || rest.length > 0 || Number.isNaN(Date.parse(at))) return undefined;
  return { at, id };
}
