import type { ConnectedAccount, Platform, Post, User } from '@svc/core';
import { aMediaAsset, anAccount, seedMediaAsset } from '@svc/core/testing';
import { type ConsoleApp, type ConsoleClient, startConsoleApp } from './console-app.js';

const PASSWORD = 'correct horse battery';

/** A console with one person signed in and one account of a platform, for Compose's platform options. */
export type PlatformCompose = {
  readonly app: ConsoleApp;
  readonly user: User;
  readonly browser: ConsoleClient;
  readonly account: ConnectedAccount;
  /** Seeds a media asset of the person (a 1080×1920 video of 20 s unless told); its id. */
  media(fields?: Parameters<typeof aMediaAsset>[1]): Promise<string>;
  /** The draft a Compose answer redirected to, as stored. */
  sentPost(sent: { headers: Headers }): Promise<Post | null>;
};

/** Starts the console with a signed-in person who connected a `platform` account. */
export async function startPlatformCompose(platform: Platform, handle: string): Promise<PlatformCompose> {
  const app = await startConsoleApp();
  const user = await app.user(undefined, PASSWORD);
  const account = await app.t.store.accounts.saveAccount(anAccount(user.id, { platform, handle }));
  const browser = app.client();
  await browser.signIn(user.email, PASSWORD);
  return {
    app,
    user,
    browser,
    account,
    async media(fields = { contentType: 'video/mp4', width: 1080, height: 1920, durationMs: 20_000 }) {
      return (await seedMediaAsset(app.t.store.media, aMediaAsset(user.id, fields))).id;
    },
    async sentPost(sent) {
      const postId = /\/app\/posts\/(post_\w+)/.exec(sent.headers.get('location') ?? '')?.[1] ?? '';
      return app.t.store.posts.getPost(postId);
    },
  };
}

/** Compose as a person with only a Threads account sees it: no other platform's options. */
export async function composeWithoutPlatform(): Promise<string> {
  const other = await startConsoleApp();
  try {
    const ann = await other.user(undefined, PASSWORD);
    await other.t.store.accounts.saveAccount(anAccount(ann.id, { platform: 'threads' }));
    const client = other.client();
    await client.signIn(ann.email, PASSWORD);
    return (await client.get('/app/compose')).text;
  } finally {
    await other.close();
  }
}
