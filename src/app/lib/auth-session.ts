import { STORAGE_KEYS } from '../../common/constants';
import { announceLoginState } from './login-state';
import { removeItem } from './storage';

/**
 * The client auth session. This first version only knows how to forget a login; the identity
 * work adds register, login, token refresh and cross-tab sync here.
 */
export async function logout(): Promise<void> {
  await removeItem(STORAGE_KEYS.hasLoggedIn);
  await removeItem(STORAGE_KEYS.email);
  announceLoginState(false);
}
