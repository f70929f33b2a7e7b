import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config';
import { endpointProblem, parseIdentityProviders, publicProviderInfo } from './provider-config';

const google = {
  providerId: 'google.com',
  displayName: 'Google',
  issuer: 'https://accounts.google.com',
  clientId: 'id',
  clientSecret: 's3cret-value',
};
const github = {
  providerId: 'github.com',
  displayName: 'GitHub',
  authorizationUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  userInfoUrl: 'https://api.github.com/user',
  clientId: 'id',
  clientSecret: 's3cret-value',
};

describe('IDENTITY_PROVIDERS', () => {
  it('is empty when unset or blank', () => {
    expect(parseIdentityProviders(undefined)).toEqual([]);
    expect(parseIdentityProviders('  ')).toEqual([]);
  });

  it('reads OpenID Connect and OAuth 2 entries with default scopes', () => {
    const [oidc, oauth2] = parseIdentityProviders(JSON.stringify([google, github]));
    expect(oidc).toMatchObject({ kind: 'oidc', providerId: 'google.com', scopes: ['openid', 'email', 'profile'] });
    expect(oauth2).toMatchObject({ kind: 'oauth2', providerId: 'github.com', scopes: ['read:user', 'user:email'] });
  });

  it('accepts oidc.<name> ids and loopback http issuers', () => {
    const [entry] = parseIdentityProviders(JSON.stringify([{ ...google, providerId: 'oidc.test', issuer: 'http://127.0.0.1:4000' }]));
    expect(entry?.providerId).toBe('oidc.test');
  });

  it.each([
    ['not json', '[{', /not valid JSON/],
    ['not an array', '{}', /must be a JSON array/],
    [
      'http issuer off loopback',
      JSON.stringify([{ ...google, issuer: 'http://accounts.google.com' }]),
      /entry 1 \("google.com"\): issuer must be an https URL/,
    ],
    [
      'unknown OIDC id',
      JSON.stringify([{ ...google, providerId: 'facebook.com' }]),
      /entry 1 \("facebook.com"\): providerId of an OpenID Connect provider/,
    ],
    ['missing secret', JSON.stringify([{ ...google, clientSecret: '' }]), /entry 1 \("google.com"\): clientSecret is missing/],
    ['missing URLs', JSON.stringify([{ ...github, tokenUrl: undefined }]), /entry 1 \("github.com"\): needs issuer/],
    ['both shapes', JSON.stringify([{ ...github, issuer: 'https://x.example' }]), /not both/],
    ['unknown field', JSON.stringify([{ ...google, secret: 'x' }]), /entry 1 \("google.com"\): .*secret/i],
    ['a duplicate', JSON.stringify([google, github, google]), /entry 3 \("google.com"\): providerId appears twice/],
  ])('refuses %s with one line naming the entry', (_name, raw, message) => {
    expect(() => parseIdentityProviders(raw)).toThrow(message);
  });

  it('never echoes a secret in the start-up error', () => {
    let message = '';
    try {
      loadConfig({ IDENTITY_PROVIDERS: JSON.stringify([{ ...google, issuer: 'ftp://x' }]) });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid IDENTITY_PROVIDERS: entry 1 \("google.com"\): issuer/);
    expect(message).not.toContain('s3cret-value');
  });

  it('exposes ids and names only', () => {
    const providers = parseIdentityProviders(JSON.stringify([google]));
    expect(publicProviderInfo(providers)).toEqual([{ providerId: 'google.com', displayName: 'Google' }]);
    expect(JSON.stringify(publicProviderInfo(providers))).not.toContain('s3cret');
  });

  it('allows https anywhere and http only on loopback', () => {
    expect(endpointProblem('https://idp.example/')).toBeUndefined();
    expect(endpointProblem('http://localhost:9000')).toBeUndefined();
    expect(endpointProblem('http://[::1]:9000')).toBeUndefined();
    expect(endpointProblem('http://10.0.0.1')).toMatch(/https/);
    expect(endpointProblem('nope')).toBe('is not a URL');
  });
});
