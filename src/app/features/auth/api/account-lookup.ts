import { type AccountInfo, post } from '../../../lib/session/identity-request';
import { withToken } from '../../../lib/session/session-store';

/** The key under which the app asks for the account as it starts on /account (lib/early-answers.ts). */
export const EARLY_ACCOUNT_INFO = 'account-info';

/** accounts:lookup: the account an ID token belongs to. */
export const lookupAccount = async (idToken: string): Promise<AccountInfo> =>
  (await post<{ users: AccountInfo[] }>('accounts:lookup', { idToken })).users[0]!;

/**
 * The signed-in account as the identity service tells it. Apart from the rest of the account's
 * calls (account.ts) because the app's start asks for it on /account (routes.tsx).
 */
export function accountInfo(): Promise<AccountInfo> {
  return withToken(lookupAccount);
}
