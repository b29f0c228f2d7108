import { DEFAULT_PLATFORM_FEATURES } from '@svc/core';
import { createFakeClock } from '@svc/core/testing';
import { describe, expect, it } from 'vitest';
import { instagramOAuth } from '../instagram/instagram-oauth.js';
import { fixtureReader } from '../shared/__fixtures__/fixture-reader.js';
import { threadsOAuth } from '../threads/threads-oauth.js';
import { createContainerOAuth } from './container-oauth.js';
import type { GraphClient } from './graph-client.js';

const igFixture = fixtureReader(`${import.meta.dirname}/../instagram`);

// A Graph client giving the code exchange `short`, then a long-lived token and the profile.
function exchangeGraph(short: unknown): GraphClient {
  const answer = (schema: { parse(value: unknown): unknown }, url: string) => {
    if (url.endsWith('/oauth/access_token')) return Promise.resolve(schema.parse(short));
    if (url.endsWith('/access_token'))
      return Promise.resolve(schema.parse(igFixture('long-lived-token.json')));
    return Promise.resolve(schema.parse({ id: '42', user_id: '42', username: 'acme.studio' }));
  };
  return {
    get: (schema, url) => answer(schema, url) as never,
    post: (schema, url) => answer(schema, url) as never,
    postJson: () => Promise.reject(new Error('no JSON calls at connection')),
  };
}

const connect = (spec: ReturnType<typeof instagramOAuth> | ReturnType<typeof threadsOAuth>, short: unknown) =>
  createContainerOAuth(
    {
      graph: exchangeGraph(short),
      base: 'https://graph.example/v23.0',
      clock: createFakeClock(),
      clientId: 'app',
      clientSecret: 'secret',
      scopes: undefined,
      profileUrl: (handle) => `https://profiles.example/${handle}`,
    },
    spec,
  ).exchangeCode({ code: 'c', redirectUri: 'https://svc.example/callback', codeVerifier: '' });

const ALL = DEFAULT_PLATFORM_FEATURES;
const NONE = { analytics: false, commentAutomations: false, privateReplies: false, businessPages: false };
const hosts = { www: 'https://www.example', api: 'https://api.example', graph: 'https://graph.example' };
const credentialsOf = (exchange: Awaited<ReturnType<typeof connect>>) =>
  exchange.kind === 'connected' ? exchange.profiles[0]?.credentials : exchange;

describe('createContainerOAuth: the stored grant', () => {
  it('keeps the permissions the token answer names, flat or wrapped in data[]', async () => {
    for (const name of ['short-token-flat.json', 'short-token-wrapped.json']) {
      expect(credentialsOf(await connect(instagramOAuth(hosts, ALL), igFixture(name)))).toMatchObject({
        accessToken: 'IGAAlongLivedTokenValue',
        userId: '42',
        permissions: ['instagram_business_basic', 'instagram_business_content_publish'],
      });
    }
  });

  it('leaves permissions out when the answer names none (Threads)', async () => {
    const credentials = credentialsOf(
      await connect(threadsOAuth(hosts, ALL), { access_token: 'THQ', user_id: 42 }),
    );
    expect(credentials).toMatchObject({ accessToken: 'IGAAlongLivedTokenValue', userId: '42' });
    expect(credentials).not.toHaveProperty('permissions');
  });

  it('refuses a grant without content_publish, naming the missing permission', async () => {
    const exchange = await connect(instagramOAuth(hosts, ALL), {
      access_token: 'IGQ',
      user_id: 42,
      permissions: ['instagram_business_basic'],
    });
    expect(exchange).toMatchObject({
      kind: 'refused',
      missingScopes: ['instagram_business_content_publish'],
    });
  });

  it('asks only for publishing when every optional feature is off', () => {
    expect(instagramOAuth(hosts, NONE).defaultScopes).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
    ]);
    expect(instagramOAuth(hosts, { ...NONE, commentAutomations: true }).defaultScopes).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_comments',
    ]);
    expect(threadsOAuth(hosts, NONE).defaultScopes).toEqual(['threads_basic', 'threads_content_publish']);
  });

  it('asks Instagram for the comment and message permissions besides publishing', () => {
    expect(instagramOAuth(hosts, ALL).defaultScopes).toEqual([
      'instagram_business_basic',
      'instagram_business_content_publish',
      'instagram_business_manage_insights',
      'instagram_business_manage_comments',
      'instagram_business_manage_messages',
    ]);
    expect(threadsOAuth(hosts, ALL).defaultScopes).toEqual([
      'threads_basic',
      'threads_content_publish',
      'threads_manage_insights',
    ]);
  });
});
