import type { Migration } from 'kysely';
import * as initial from './0001-initial';
import * as federatedIdentities from './0020-federated-identities';
import * as twoStepSignIn from './0021-two-step-sign-in';

/**
 * Every migration, in order. A static list (rather than reading a folder) so the bundled
 * server carries its migrations with it. Add new ones at the end; never edit a released one.
 */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0020-federated-identities': federatedIdentities,
  '0021-two-step-sign-in': twoStepSignIn,
};
