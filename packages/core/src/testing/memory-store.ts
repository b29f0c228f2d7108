import { type ConnectedAccount, type ConnectionRequest, disconnectRefusal } from '../accounts/index.js';
import type { Store } from '../deps/index.js';
import type { ApiKey, User } from '../identity/index.js';
import { type MediaAsset, mediaDeletionRefusal } from '../media/index.js';
import {
  type ClaimRequest,
  claimCandidateCount,
  claimChanges,
  findRepeat,
  type InsertPostsOutcome,
  idempotencyOutcome,
  type NewPostsBatch,
  type Post,
  quotaRefusal,
  repeatQueryOf,
} from '../posts/index.js';
import { createMemoryAnalyticsStore } from './memory-analytics-store.js';
import { createMemoryApprovalStore } from './memory-approval-store.js';
import { createMemoryAutomationStore } from './memory-automation-store.js';
import { createMemoryBillingStore } from './memory-billing-store.js';
import { createMemoryBlobRemovals } from './memory-blob-removals.js';
import { createMemoryJournal } from './memory-journal.js';
import { mediaPageOf, mediaUsesOf, pendingPostIdsOf } from './memory-library-queries.js';
import { createMemoryOAuthStore } from './memory-oauth-store.js';
import { purgeMemoryPosts } from './memory-post-purge.js';
import {
  countPostsByStatusOf,
  listPostsOf,
  postsWithContentBetweenOf,
  upcomingPostsOf,
} from './memory-post-queries.js';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.js';
import { createMemoryWebhookStore } from './memory-webhook-store.js';

/**
 * Every storage port in memory, with the same behaviour as the SQL stores (it passes the same
 * contract suite). Each operation runs without awaiting in between, so it is atomic. Values are
 * copied in and out, so callers can never change stored state by mutating what they hold.
 */
export function createMemoryStore(): Store {
  const posts = new Map<string, Post>();
  const idempotency = new Map<string, { fingerprint: string; postIds: string[] }>();
  const quotaUsage = new Map<string, number>();
  const users = new Map<string, User>();
  const passwordHashes = new Map<string, string>();
  const keys = new Map<string, ApiKey>();
  const accounts = new Map<string, ConnectedAccount>();
  // The token expiry each account's owner was warned about (`token_expiry_warned_for` in SQL).
  const tokenWarnings = new Map<string, number>();
  // Until when a sweep holds each account for a token refresh (`token_refresh_until` in SQL).
  const tokenRefreshLeases = new Map<string, number>();
  const media = new Map<string, MediaAsset>();
  const mediaSources = new Map<string, string>();
  const storageUsed = new Map<string, number>();
  const blobRemovals = createMemoryBlobRemovals(media);
  const connectionRequests = new Map<string, ConnectionRequest>();
  let closed = false;

  const live = () => {
    if (closed) throw new Error('The store is closed.');
  };
  const copy = <T>(value: T): T => structuredClone(value);
  const idemKey = (ownerId: string, externalId: string) => `${ownerId}\u0000${externalId}`;
  const approvals = createMemoryApprovalStore(live);
  const journal = createMemoryJournal(live, (id) => posts.get(id));
  const append = journal.append;
  const analytics = createMemoryAnalyticsStore({
    live,
    accounts,
    eventsAfter: journal.after,
    post: (id) => {
      const post = posts.get(id);
      return post === undefined ? undefined : copy(post);
    },
  });
  const usageKey = (ownerId: string, windowStart: Date) => `${ownerId}\u0000${windowStart.getTime()}`;
  // Active, not waiting for a reconnect, with an expiry its owner was not warned about yet.
  const tokenWarningDue = (a: ConnectedAccount) =>
    a.status === 'active' &&
    !a.needsReconnect &&
    a.tokenExpiresAt !== null &&
    tokenWarnings.get(a.id) !== a.tokenExpiresAt.getTime();
  const postsById = (ids: readonly string[]) =>
    ids.flatMap((id) => (posts.has(id) ? [copy(posts.get(id) as Post)] : []));

  return {
    posts: {
      async insertPosts(batch: NewPostsBatch): Promise<InsertPostsOutcome> {
        live();
        const idem = batch.idempotency;
        const seen = idempotencyOutcome(
          idem,
          idem === null ? null : (idempotency.get(idemKey(batch.ownerId, idem.externalId)) ?? null),
        );
        if (seen?.kind === 'replayed') return { kind: 'replayed', posts: postsById(seen.postIds) };
        if (seen !== null) return { ...seen, postIds: [...seen.postIds] };
        for (const post of batch.refuseRepeats === true ? batch.posts : []) {
          const query = repeatQueryOf(post);
          const earlier =
            query === null ? null : findRepeat(post, postsWithContentBetweenOf(posts.values(), query));
          if (earlier !== null)
            return { kind: 'duplicate_content', post: copy(post), earlier: copy(earlier) };
        }
        const key = usageKey(batch.ownerId, batch.quota.windowStart);
        const used = quotaUsage.get(key) ?? 0;
        const full = quotaRefusal(used, batch.posts.length, batch.quota.limit);
        if (full !== null) return full;
        const taken = batch.posts.find((p) => posts.has(p.id));
        if (taken !== undefined) throw new Error(`Post ${taken.id} already exists.`);
        for (const post of batch.posts) posts.set(post.id, copy(post));
        quotaUsage.set(key, used + batch.posts.length);
        append(batch.events ?? []);
        if (batch.idempotency !== null) {
          idempotency.set(idemKey(batch.ownerId, batch.idempotency.externalId), {
            fingerprint: batch.idempotency.fingerprint,
            postIds: batch.posts.map((p) => p.id),
          });
        }
        return { kind: 'inserted', posts: batch.posts.map(copy) };
      },
      async quotaUsed(ownerId, windowStart) {
        live();
        return quotaUsage.get(usageKey(ownerId, windowStart)) ?? 0;
      },
      async approveDraft(batch) {
        live();
        const stored = posts.get(batch.draft.id);
        const approval = approvals.peek(batch.approvalId);
        if (stored?.version !== batch.expectedVersion || approval?.status !== 'pending') {
          return { kind: 'conflict' };
        }
        const key = usageKey(batch.ownerId, batch.quota.windowStart);
        const used = quotaUsage.get(key) ?? 0;
        const full = quotaRefusal(used, batch.siblings.length, batch.quota.limit);
        if (full !== null) return full;
        const taken = batch.siblings.find((p) => posts.has(p.id));
        if (taken !== undefined) throw new Error(`Post ${taken.id} already exists.`);
        const post = { ...copy(batch.draft), version: batch.expectedVersion + 1 };
        posts.set(post.id, post);
        for (const sibling of batch.siblings) posts.set(sibling.id, copy(sibling));
        quotaUsage.set(key, used + batch.siblings.length);
        append(batch.events);
        const decided = { ...approval, ...batch.decision };
        approvals.put(decided);
        return {
          kind: 'approved',
          post: copy(post),
          siblings: batch.siblings.map(copy),
          approval: copy(decided),
        };
      },
      async findByExternalId(ownerId, externalId) {
        live();
        const earlier = idempotency.get(idemKey(ownerId, externalId));
        return earlier === undefined
          ? null
          : { fingerprint: earlier.fingerprint, posts: postsById(earlier.postIds) };
      },
      async getPost(id) {
        live();
        const post = posts.get(id);
        return post === undefined ? null : copy(post);
      },
      async updatePost(post, expectedVersion, events = []) {
        live();
        const stored = posts.get(post.id);
        if (stored === undefined || stored.version !== expectedVersion) return null;
        const next = { ...copy(post), version: expectedVersion + 1 };
        posts.set(post.id, next);
        append(events);
        return copy(next);
      },
      async claimDuePosts(request: ClaimRequest) {
        live();
        const due = [...posts.values()]
          .filter(
            (p) =>
              (p.status === 'scheduled' || p.status === 'publishing') &&
              p.deletedAt === null &&
              p.dueAt !== null &&
              p.dueAt.getTime() <= request.now.getTime(),
          )
          .sort((a, b) => (a.dueAt?.getTime() ?? 0) - (b.dueAt?.getTime() ?? 0) || (a.id < b.id ? -1 : 1))
          .slice(0, claimCandidateCount(request));
        return claimChanges(due, request).map(({ post, events }) => {
          const next = { ...post, version: post.version + 1 };
          posts.set(next.id, next);
          append(events);
          return copy(next);
        });
      },
      async nextDueAt() {
        live();
        let earliest: Date | null = null;
        for (const p of posts.values()) {
          if (
            (p.status === 'scheduled' || p.status === 'publishing') &&
            p.deletedAt === null &&
            p.dueAt !== null
          ) {
            if (earliest === null || p.dueAt.getTime() < earliest.getTime()) earliest = p.dueAt;
          }
        }
        return earliest === null ? null : new Date(earliest);
      },
      async queueDepth(now) {
        live();
        let due = 0;
        let upcoming = 0;
        for (const p of posts.values()) {
          if ((p.status !== 'scheduled' && p.status !== 'publishing') || p.deletedAt !== null) continue;
          if (p.dueAt === null) continue;
          if (p.dueAt.getTime() <= now.getTime()) due += 1;
          else upcoming += 1;
        }
        return { due, upcoming };
      },
      async listPosts(query) {
        live();
        const page = listPostsOf(posts.values(), query);
        return { posts: page.posts.map(copy), next: page.next };
      },
      async postsScheduledBetween(ownerId, from, to, limit) {
        live();
        return [...posts.values()]
          .filter(
            (p) =>
              p.ownerId === ownerId &&
              p.deletedAt === null &&
              p.scheduledTime !== null &&
              p.scheduledTime >= from &&
              p.scheduledTime < to,
          )
          .sort(
            (a, b) =>
              (a.scheduledTime?.getTime() ?? 0) - (b.scheduledTime?.getTime() ?? 0) || (a.id < b.id ? -1 : 1),
          )
          .slice(0, limit)
          .map(copy);
      },
      async purgeDeletedPosts(request) {
        live();
        return purgeMemoryPosts(
          { posts, media, mediaSources, storageUsed, approvals, analytics, append },
          request,
        );
      },
      async listDeletedPosts(ownerId, deletedAfter, limit) {
        live();
        return [...posts.values()]
          .filter((p) => p.ownerId === ownerId && p.deletedAt !== null && p.deletedAt > deletedAfter)
          .sort(
            (a, b) => (b.deletedAt?.getTime() ?? 0) - (a.deletedAt?.getTime() ?? 0) || (a.id < b.id ? 1 : -1),
          )
          .slice(0, limit)
          .map(copy);
      },
      async countPostsByStatus(ownerId, accountIds) {
        live();
        return countPostsByStatusOf(posts.values(), ownerId, accountIds);
      },
      async upcomingPosts(ownerId, accountIds, after, limit) {
        live();
        return upcomingPostsOf(posts.values(), ownerId, accountIds, after, limit).map(copy);
      },
      async postsWithContentBetween(query) {
        live();
        return postsWithContentBetweenOf(posts.values(), query).map(copy);
      },
    },
    users: {
      async insertUser(user) {
        live();
        if (users.has(user.id)) throw new Error(`User ${user.id} already exists.`);
        if ([...users.values()].some((u) => u.email === user.email)) return 'email_taken';
        users.set(user.id, copy(user));
        return 'inserted';
      },
      async getUser(id) {
        live();
        const user = users.get(id);
        return user === undefined ? null : copy(user);
      },
      async getUserByEmail(email) {
        live();
        const user = [...users.values()].find((u) => u.email === email);
        return user === undefined ? null : copy(user);
      },
      async setPasswordHash(userId, hash, at) {
        live();
        const user = users.get(userId);
        if (user === undefined) return false;
        users.set(userId, { ...user, updatedAt: at });
        passwordHashes.set(userId, hash);
        return true;
      },
      async setTimeZone(userId, timeZone, at) {
        live();
        const user = users.get(userId);
        if (user === undefined) return false;
        users.set(userId, { ...user, timeZone, updatedAt: at });
        return true;
      },
      async setPlan(userId, plan, at) {
        live();
        const user = users.get(userId);
        if (user === undefined) return false;
        users.set(userId, copy({ ...user, plan, updatedAt: at }));
        return true;
      },
      async getPasswordHash(userId) {
        live();
        return passwordHashes.get(userId) ?? null;
      },
    },
    apiKeys: {
      async insertApiKey(key) {
        live();
        if (keys.has(key.id)) throw new Error(`API key ${key.id} already exists.`);
        keys.set(key.id, copy(key));
      },
      async getApiKey(id) {
        live();
        const key = keys.get(id);
        return key === undefined ? null : copy(key);
      },
      async getApiKeyWithOwner(id) {
        live();
        const key = keys.get(id);
        if (key === undefined) return null;
        const owner = users.get(key.ownerId);
        return { key: copy(key), owner: owner === undefined ? null : copy(owner) };
      },
      async listApiKeys(ownerId) {
        live();
        return [...keys.values()]
          .filter((k) => k.ownerId === ownerId)
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          .map(copy);
      },
      async revokeApiKey(id, at) {
        live();
        const key = keys.get(id);
        if (key === undefined) return null;
        if (key.revokedAt === null) keys.set(id, { ...key, revokedAt: at });
        return copy(keys.get(id) as ApiKey);
      },
      async recordApiKeyUse(id, at, unlessSince) {
        live();
        const key = keys.get(id);
        if (key === undefined || (key.lastUsedAt !== null && key.lastUsedAt >= unlessSince)) return false;
        keys.set(id, { ...key, lastUsedAt: at });
        return true;
      },
    },
    accounts: {
      async saveAccount(account, events = []) {
        live();
        const existing = [...accounts.values()].find(
          (a) =>
            a.ownerId === account.ownerId &&
            a.platform === account.platform &&
            a.platformAccountId === account.platformAccountId,
        );
        const stored: ConnectedAccount =
          existing === undefined
            ? copy(account)
            : {
                ...copy(account),
                id: existing.id,
                connectedAt: existing.connectedAt,
                sealedCredentials: account.sealedCredentials ?? existing.sealedCredentials,
              };
        accounts.set(stored.id, stored);
        append(events);
        return copy(stored);
      },
      async findAccount(ownerId, platform, platformAccountId) {
        live();
        const account = [...accounts.values()].find(
          (a) =>
            a.ownerId === ownerId && a.platform === platform && a.platformAccountId === platformAccountId,
        );
        return account === undefined ? null : copy(account);
      },
      async getAccount(id) {
        live();
        const account = accounts.get(id);
        return account === undefined ? null : copy(account);
      },
      async listActiveAccounts(ownerId) {
        live();
        return [...accounts.values()]
          .filter((a) => a.ownerId === ownerId && a.status === 'active')
          .sort((a, b) => a.connectedAt.getTime() - b.connectedAt.getTime() || (a.id < b.id ? -1 : 1))
          .map(copy);
      },
      async saveRefreshedTokens(accountId, tokens) {
        live();
        const account = accounts.get(accountId);
        if (account === undefined || account.status !== 'active') return null;
        const next: ConnectedAccount = {
          ...account,
          sealedCredentials: tokens.sealedCredentials,
          tokenExpiresAt: tokens.tokenExpiresAt,
          updatedAt: tokens.at,
        };
        accounts.set(accountId, next);
        return copy(next);
      },
      async accountsWithTokensExpiring(platform, before, limit) {
        live();
        return [...accounts.values()]
          .filter(
            (a) =>
              a.platform === platform &&
              tokenWarningDue(a) &&
              (a.tokenExpiresAt as Date).getTime() < before.getTime(),
          )
          .sort(
            (a, b) =>
              (a.tokenExpiresAt as Date).getTime() - (b.tokenExpiresAt as Date).getTime() ||
              (a.id < b.id ? -1 : 1),
          )
          .slice(0, Math.max(0, Math.floor(limit)))
          .map(copy);
      },
      async claimTokenRefresh(accountId, expiresAt, now, leaseUntil) {
        live();
        const account = accounts.get(accountId);
        if (account === undefined || account.status !== 'active' || account.needsReconnect) return false;
        if (account.tokenExpiresAt?.getTime() !== expiresAt.getTime()) return false;
        if ((tokenRefreshLeases.get(accountId) ?? Number.NEGATIVE_INFINITY) > now.getTime()) return false;
        tokenRefreshLeases.set(accountId, leaseUntil.getTime());
        return true;
      },
      async markTokenExpiring(accountId, expiresAt, event) {
        live();
        const account = accounts.get(accountId);
        if (account === undefined || !tokenWarningDue(account)) return false;
        if (account.tokenExpiresAt?.getTime() !== expiresAt.getTime()) return false;
        tokenWarnings.set(accountId, expiresAt.getTime());
        append([event]);
        return true;
      },
      async disconnectAccount(request) {
        live();
        const account = accounts.get(request.accountId);
        if (account === undefined || account.ownerId !== request.ownerId) return { kind: 'not_found' };
        const erased = { sealedCredentials: null, tokenExpiresAt: null };
        if (account.status === 'inactive') {
          if (account.sealedCredentials !== null) accounts.set(account.id, { ...account, ...erased });
          return { kind: 'already_inactive', account: copy(accounts.get(account.id) as ConnectedAccount) };
        }
        const pending = pendingPostIdsOf(posts.values(), request.ownerId, account.id);
        const refused = disconnectRefusal(pending, request.force);
        if (refused !== null) return refused;
        const inactive: ConnectedAccount = {
          ...account,
          ...erased,
          status: 'inactive',
          updatedAt: request.at,
        };
        accounts.set(account.id, inactive);
        append(request.events);
        return { kind: 'disconnected', account: copy(inactive), pendingPostIds: pending };
      },
    },
    media: {
      async addMediaAsset(asset, options) {
        live();
        if (blobRemovals.blocks(asset.blobKey, options.now, options.putSince))
          return { kind: 'blob_being_removed' };
        const existing = [...media.values()].find(
          (m) =>
            m.ownerId === asset.ownerId &&
            m.status === 'active' &&
            m.blobKey !== null &&
            m.blobKey === asset.blobKey,
        );
        const remember = (id: string) => {
          if (options.sourceUrl !== null) mediaSources.set(idemKey(asset.ownerId, options.sourceUrl), id);
        };
        if (existing !== undefined) {
          remember(existing.id);
          return { kind: 'existing', asset: copy(existing) };
        }
        const used = storageUsed.get(asset.ownerId) ?? 0;
        if (used + asset.sizeBytes > options.storageLimitBytes) {
          return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: options.storageLimitBytes };
        }
        if (media.has(asset.id)) throw new Error(`Media asset ${asset.id} already exists.`);
        media.set(asset.id, copy(asset));
        storageUsed.set(asset.ownerId, used + asset.sizeBytes);
        remember(asset.id);
        append(options.events ?? []);
        return { kind: 'added', asset: copy(asset) };
      },
      async insertPendingAsset(asset) {
        live();
        if (media.has(asset.id)) throw new Error(`Media asset ${asset.id} already exists.`);
        media.set(asset.id, copy(asset));
      },
      async deleteAbandonedUploads(createdBefore, limit) {
        live();
        const abandoned = [...media.values()]
          .filter((a) => a.status === 'pending' && a.createdAt.getTime() < createdBefore.getTime())
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .slice(0, limit);
        for (const asset of abandoned) media.delete(asset.id);
        return abandoned.length;
      },
      async activatePendingAsset(id, file, options) {
        live();
        const pending = media.get(id);
        if (pending === undefined || pending.status !== 'pending') return { kind: 'not_pending' };
        if (blobRemovals.blocks(file.blobKey, options.now, options.putSince))
          return { kind: 'blob_being_removed' };
        const used = storageUsed.get(pending.ownerId) ?? 0;
        if (used + file.sizeBytes > options.storageLimitBytes) {
          return { kind: 'storage_quota_exceeded', usedBytes: used, limitBytes: options.storageLimitBytes };
        }
        const active: MediaAsset = { ...pending, ...file, status: 'active' };
        media.set(id, active);
        storageUsed.set(pending.ownerId, used + file.sizeBytes);
        append(options.events ?? []);
        return { kind: 'activated', asset: copy(active) };
      },
      async findMediaBySource(ownerId, url) {
        live();
        const id = mediaSources.get(idemKey(ownerId, url));
        const asset = id === undefined ? undefined : media.get(id);
        return asset === undefined || asset.status !== 'active' ? null : copy(asset);
      },
      async getMediaAsset(id) {
        live();
        const asset = media.get(id);
        return asset === undefined ? null : copy(asset);
      },
      async getMediaAssets(ids) {
        live();
        return [...new Set(ids)].flatMap((id) => (media.has(id) ? [copy(media.get(id) as MediaAsset)] : []));
      },
      async getStorageUsed(ownerId) {
        live();
        return storageUsed.get(ownerId) ?? 0;
      },
      async isBlobReferenced(blobKey) {
        live();
        return [...media.values()].some((m) => m.blobKey === blobKey);
      },
      async listReferencedBlobs(blobKeys) {
        live();
        const wanted = new Set(blobKeys);
        return [
          ...new Set(
            [...media.values()].flatMap((m) =>
              m.blobKey !== null && wanted.has(m.blobKey) ? [m.blobKey] : [],
            ),
          ),
        ];
      },
      async claimBlobRemoval(request) {
        live();
        return blobRemovals.claimBlobRemoval(request);
      },
      async releaseBlobRemoval(blobKey, claimant, removedAt) {
        live();
        return blobRemovals.releaseBlobRemoval(blobKey, claimant, removedAt);
      },
      async forgetBlobRemovals(removedBefore) {
        live();
        return blobRemovals.forgetBlobRemovals(removedBefore);
      },
      async isBlobRemovalClaimed(blobKey, now) {
        live();
        return blobRemovals.isBlobRemovalClaimed(blobKey, now);
      },
      async listMediaAssets(query) {
        live();
        const page = mediaPageOf(media.values(), query);
        return { assets: page.assets.map(copy), next: page.next };
      },
      async listMediaUses(ownerId, mediaIds) {
        live();
        return mediaUsesOf(posts.values(), ownerId, mediaIds);
      },
      async deleteMediaAsset(request) {
        live();
        const asset = media.get(request.id);
        if (asset === undefined || asset.ownerId !== request.ownerId || asset.status !== 'active') {
          return { kind: 'not_found' };
        }
        const refused = mediaDeletionRefusal(mediaUsesOf(posts.values(), asset.ownerId, [asset.id]));
        if (refused !== null) return refused;
        media.delete(asset.id);
        for (const [key, id] of mediaSources) if (id === asset.id) mediaSources.delete(key);
        storageUsed.set(asset.ownerId, Math.max(0, (storageUsed.get(asset.ownerId) ?? 0) - asset.sizeBytes));
        append(request.events);
        return { kind: 'deleted', asset: copy(asset) };
      },
    },
    connectionRequests: {
      async insertConnectionRequest(request) {
        live();
        if (connectionRequests.has(request.id))
          throw new Error(`Connection request ${request.id} already exists.`);
        connectionRequests.set(request.id, copy(request));
      },
      async getConnectionRequest(id) {
        live();
        const request = connectionRequests.get(id);
        return request === undefined ? null : copy(request);
      },
      async spendConnectionRequest(id, at) {
        live();
        const request = connectionRequests.get(id);
        if (request === undefined || request.usedAt !== null) return false;
        connectionRequests.set(id, { ...request, usedAt: at });
        return true;
      },
      async recordConnectedAccounts(id, accountIds) {
        live();
        const request = connectionRequests.get(id);
        if (request !== undefined) connectionRequests.set(id, { ...request, accountIds: [...accountIds] });
      },
    },
    billing: createMemoryBillingStore(live),
    approvals,
    oauth: createMemoryOAuthStore(live),
    events: journal.store,
    analytics,
    automations: createMemoryAutomationStore({ live, accounts, append }),
    webhooks: createMemoryWebhookStore(live),
    rateLimits: createMemoryRateLimitStore(live),
    async ping() {
      live();
    },
    async close() {
      closed = true;
    },
  };
}
