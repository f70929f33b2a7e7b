import { randomBytes } from 'node:crypto';

/**
 * Words of the console's and the API's addresses (`/admin/content/<kind>/new`, `BASE/order`,
 * `BASE/drafts`, `BASE/deleted`): no new item may take one as its id.
 */
export const RESERVED_ITEM_IDS: ReadonlySet<string> = new Set(['new', 'order', 'drafts', 'deleted']);

/** The id to try for a new item at its `attempt` (1, 2, ...): the made one, then with a short suffix. */
export function candidateItemId(made: string, attempt: number, reserved: ReadonlySet<string> = RESERVED_ITEM_IDS): string {
  return attempt === 1 && !reserved.has(made) ? made : `${made}-${randomBytes(3).toString('hex')}`;
}
