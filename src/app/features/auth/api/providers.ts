import { useEffect, useState } from 'react';
import { loadPublicConfig } from '../../../lib/session/identity-request';

export interface ProviderInfo {
  providerId: string;
  displayName: string;
}

/** The sign-in providers the server has configured (none until /api/config has answered). */
export function useIdentityProviders(): ProviderInfo[] {
  const [providers, setProviders] = useState<ProviderInfo[]>([]);
  useEffect(() => {
    let active = true;
    loadPublicConfig()
      .then((config) => active && setProviders(config.identityProviders ?? []))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return providers;
}

export function providerName(providers: readonly ProviderInfo[], providerId: string): string {
  if (providerId === 'password') return 'Email and password';
  return providers.find((provider) => provider.providerId === providerId)?.displayName ?? providerId;
}
