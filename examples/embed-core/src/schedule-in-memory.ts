// Embeds the core without any server: wires the ports with in-memory, Node and media
// implementations, schedules a post through the same use case the REST API uses, and reads it back.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Actor,
  createPostingOptionsCache,
  createPosts,
  DEFAULT_PLAN_LIMITS,
  DEFAULT_POLICY_CONFIG,
  getPost,
  type Post,
  type SvcError,
  type User,
} from '@svc/core';
import { createAesGcmSecretBox, createRandomIdGenerator, sha256KeyHasher, systemClock } from '@svc/core/node';
import { createMemoryStore, createRecordingPublisherSignal } from '@svc/core/testing';
import {
  createDiskBlobStore,
  createImageProcessor,
  createMediaInspector,
  createThumbnailer,
} from '@svc/media';
import { createSafeFetcher } from '@svc/outbound';

/** Schedules one Threads post an hour from now and returns it as stored. */
export async function scheduleInMemory(): Promise<{ post: Post } | { error: SvcError }> {
  const store = createMemoryStore();
  const blobs = createDiskBlobStore({ dir: mkdtempSync(join(tmpdir(), 'svc-embed-media-')) });
  const deps = {
    store,
    clock: systemClock,
    ids: createRandomIdGenerator(systemClock),
    keyHasher: sha256KeyHasher,
    // Platform tokens are sealed with a master secret; a real deployment keeps it stable.
    secretBox: createAesGcmSecretBox(randomBytes(32).toString('base64url')),
    publisher: createRecordingPublisherSignal(),
    policy: DEFAULT_POLICY_CONFIG,
    planLimits: DEFAULT_PLAN_LIMITS,
    blobs,
    fetcher: createSafeFetcher({ allowPrivate: false }),
    inspector: createMediaInspector({ blobs }),
    images: createImageProcessor({ blobs }),
    thumbnails: createThumbnailer({ blobs }),
    // No platform adapters: this example only schedules; a publisher would need them.
    platforms: {},
    postingOptionsCache: createPostingOptionsCache(),
  };
  const now = systemClock.now();
  const user: User = {
    id: deps.ids.id('user'),
    email: 'owner@example.com',
    plan: { kind: 'paid' },
    betaTester: false,
    apiAccessDisabled: false,
    timeZone: 'UTC',
    createdAt: now,
    updatedAt: now,
  };
  await store.users.insertUser(user);
  const threads = await store.accounts.saveAccount({
    id: deps.ids.id('acct'),
    ownerId: user.id,
    platform: 'threads',
    platformAccountId: '17841400000000000',
    handle: 'example.brand',
    profileUrl: 'https://www.threads.net/@example.brand',
    profileImageUrl: null,
    followerCount: null,
    status: 'active',
    needsReconnect: false,
    sealedCredentials: null,
    tokenExpiresAt: null,
    connectedAt: now,
    updatedAt: now,
  });
  const actor: Actor = {
    user,
    credentialId: 'embedded',
    scopes: ['post:write', 'post:read'],
    accountIds: null,
  };

  const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
  const created = await createPosts(
    deps,
    actor,
    {
      platforms: ['threads'],
      profileIds: [threads.id],
      caption: 'Hello from an embedded core',
      scheduledTime: inAnHour,
    },
    { requireScheduledTime: true },
  );
  if (created.isErr()) return { error: created.error };
  const post = await getPost(deps, actor, created.value.postIds[0] ?? '');
  await store.close();
  return post.isOk() ? { post: post.value } : { error: post.error };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await scheduleInMemory(), null, 2));
}
