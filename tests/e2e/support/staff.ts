import type { APIRequestContext } from '@playwright/test';
import type { Role } from '../../../src/common/roles';
import { openDatabase } from '../../../src/server/platform/db/database';
import { grantAsOperator } from '../../support/operator-roles';
import { suiteDatabaseUrl } from './suite';

export const STAFF_PASSWORD = 'correct horse 1';
let counter = 0;
export const uniqueStaffEmail = (label = 'staff') =>
  `${label}.${Date.now().toString(36)}.${++counter}.${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * An account with these roles on the suite's server: signed up through the API as any user,
 * then given its roles in the database as `npm run admin -- grant` does (its address proved first). Sign in afterwards
 * (through the Login page) so the ID token carries the role claims.
 */
export async function createStaffAccount(
  request: APIRequestContext,
  roles: Role[],
  label = 'staff',
): Promise<{ email: string; password: string; uid: string }> {
  const email = uniqueStaffEmail(label);
  const config = (await (await request.get('/api/config')).json()) as { apiKey: string };
  const response = await request.post(`/identity/v1/accounts:signUp?key=${config.apiKey}`, {
    data: { email, password: STAFF_PASSWORD, returnSecureToken: true },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const { localId } = (await response.json()) as { localId: string };
  const handle = await openDatabase(suiteDatabaseUrl());
  try {
    await grantAsOperator(handle.db, handle.engine, localId, roles);
  } finally {
    await handle.close();
  }
  return { email, password: STAFF_PASSWORD, uid: localId };
}
