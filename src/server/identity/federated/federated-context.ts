import type { IdentityContext } from '../context';
import { identityError } from '../identity-error';
import { singleUseTokensRepository } from '../single-use-tokens-repository';
import { federatedIdentitiesRepository } from './federated-identities-repository';
import { type ProviderClient, providerClient } from './provider-client';
import type { IdentityProviderConfig } from './provider-config';

/** Where every provider sends the user back (register this URL at each provider). */
export const HANDLER_PATH = '/auth/handler';
/** A sign-in in progress, or a verified identity awaiting its link, is kept this long (10 minutes). */
export const IDP_SESSION_LIFETIME_MS = 10 * 60_000;

/** What the provider use cases share on top of the identity context. */
export function federatedContext(identity: IdentityContext, providers: readonly IdentityProviderConfig[], log: (message: string) => void) {
  const clients = new Map<string, ProviderClient>(providers.map((config) => [config.providerId, providerClient(config, log)]));
  return {
    identity,
    links: federatedIdentitiesRepository(identity.options.db),
    idpSessions: singleUseTokensRepository(identity.options.db, 'idp_sessions'),
    redirectUri: `${identity.options.publicUrl}${HANDLER_PATH}`,
    providerIds: [...clients.keys()],
    client(providerId: string | null | undefined): ProviderClient {
      if (!providerId) throw identityError('MISSING_PROVIDER_ID');
      const client = clients.get(providerId);
      if (!client)
        throw identityError('OPERATION_NOT_ALLOWED', `The identity provider ${providerId.slice(0, 60)} is not enabled on this server`);
      return client;
    },
  };
}

export type FederatedContext = ReturnType<typeof federatedContext>;
