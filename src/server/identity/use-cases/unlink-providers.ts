import type { FederatedIdentityRow, UserRow } from '../../platform/db/schema';
import type { FederatedContext } from '../federated/federated-context';
import { identityError } from '../identity-error';

/** Pure: the ways into an account that remain after removing `removing` (password counts as one). */
export function remainingSignInMethods(hasPassword: boolean, linked: readonly string[], removing: readonly string[]): string[] {
  return [...(hasPassword ? ['password'] : []), ...linked].filter((method) => !removing.includes(method));
}

/**
 * accounts:update `deleteProvider`, checked before anything changes: every named method must be
 * linked, and one way to sign in must remain.
 */
export async function planUnlink(fed: FederatedContext, user: UserRow, providerIds: readonly string[]): Promise<FederatedIdentityRow[]> {
  const links = await fed.links.listForUser(user.id);
  const linked = links.map((row) => row.provider_id);
  const hasPassword = user.password_hash !== '';
  for (const providerId of providerIds) {
    if (!(providerId === 'password' ? hasPassword : linked.includes(providerId))) {
      throw identityError('INVALID_PROVIDER_ID', `${providerId.slice(0, 60)} is not a sign-in method of this account`);
    }
  }
  if (remainingSignInMethods(hasPassword, linked, providerIds).length === 0) {
    throw identityError('LAST_SIGN_IN_METHOD', 'Keep at least one way to sign in: add another before removing this one');
  }
  return links;
}

export async function applyUnlink(fed: FederatedContext, user: UserRow, providerIds: readonly string[]): Promise<UserRow> {
  await fed.links.deleteForUser(
    user.id,
    providerIds.filter((id) => id !== 'password'),
  );
  if (providerIds.includes('password')) return (await fed.identity.users.update(user.id, { password_hash: '' })) ?? user;
  return user;
}
