import type {
  CommentSubscription,
  ConnectedAccount,
  PostingOptions,
  PostingOptionsAnswer,
} from '../accounts/index.js';
import type { PlatformGateway } from '../deps/index.js';
import type { Platform } from '../kernel/index.js';
import type { PublishJob, PublishStep } from '../publishing/index.js';

/** A PlatformGateway that records every call and answers from a script. */
export type RecordingPlatformGateway = PlatformGateway & {
  /** Every publish step asked for, in order. */
  readonly publishCalls: PublishJob[];
  /** Every refresh asked for, in order. */
  readonly refreshCalls: ConnectedAccount[];
  /** Queues answers for the next publish steps; when the queue is empty a step publishes. */
  script(...steps: PublishStep[]): void;
  /** Sets what the next refresh returns (default: new credentials valid for an hour). */
  onRefresh(answer: { credentials: Record<string, unknown>; expiresAt: Date | null } | null): void;
  /** The credentials of every posting-options request, in order. */
  readonly postingOptionsCalls: Readonly<Record<string, unknown>>[];
  /** Queues answers for the next posting-options requests; when empty, `TEST_POSTING_OPTIONS`. */
  scriptPostingOptions(...answers: PostingOptionsAnswer[]): void;
  /** The credentials of every comment-webhook subscription, in order. */
  readonly subscribeCalls: Readonly<Record<string, unknown>>[];
  /** Queues answers for the next subscriptions; when empty, `subscribed`. */
  scriptSubscribe(...answers: CommentSubscription[]): void;
};

/**
 * The permissions a RecordingPlatformGateway's comment replies need: credentials with a
 * `permissions` list lacking one of these miss it.
 */
export const TEST_AUTOMATION_PERMISSIONS = ['manage_comments', 'manage_messages'] as const;

/** The options a RecordingPlatformGateway answers by default: every level, nothing turned off. */
export const TEST_POSTING_OPTIONS: PostingOptions = {
  privacyLevels: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: false,
  maxVideoDurationSec: 600,
  creator: { username: 'creator', nickname: 'Creator', avatarUrl: null },
};

/** Creates a RecordingPlatformGateway for one platform. */
export function createRecordingPlatformGateway(platform: Platform): RecordingPlatformGateway {
  const publishCalls: PublishJob[] = [];
  const refreshCalls: ConnectedAccount[] = [];
  const queue: PublishStep[] = [];
  const postingOptionsCalls: Readonly<Record<string, unknown>>[] = [];
  const optionsQueue: PostingOptionsAnswer[] = [];
  const subscribeCalls: Readonly<Record<string, unknown>>[] = [];
  const subscribeQueue: CommentSubscription[] = [];
  let refreshAnswer: { credentials: Record<string, unknown>; expiresAt: Date | null } | null = {
    credentials: { accessToken: 'refreshed-token' },
    expiresAt: null,
  };
  return {
    platform,
    refreshMarginMs: null,
    authorizeUrl: (request) =>
      `https://${platform}.example/authorize?state=${encodeURIComponent(request.state)}&redirect_uri=${encodeURIComponent(request.redirectUri)}`,
    async exchangeCode({ code }) {
      if (code === 'missing-scopes') {
        // A consent where the person unticked a permission the connection needs.
        return { kind: 'refused', reason: 'Not granted.', missingScopes: [`${platform}.publish`] };
      }
      return code === 'refused'
        ? { kind: 'refused', reason: 'The code is invalid.' }
        : {
            kind: 'connected',
            profiles: [
              {
                platformAccountId: `${platform}-${code}`,
                handle: `handle_${code}`,
                profileUrl: `https://${platform}.example/handle_${code}`,
                profileImageUrl: null,
                followerCount: null,
                credentials: { accessToken: `token-${code}` },
                tokenExpiresAt: null,
              },
            ],
          };
    },
    publishCalls,
    refreshCalls,
    script: (...steps) => {
      queue.push(...steps);
    },
    onRefresh: (answer) => {
      refreshAnswer = answer;
    },
    async publishStep(job) {
      publishCalls.push(job);
      return (
        queue.shift() ?? {
          kind: 'published',
          platformPostId: `${platform}-${publishCalls.length}`,
          permalink: `https://${platform}.example/p/${publishCalls.length}`,
        }
      );
    },
    async refreshCredentials(account) {
      refreshCalls.push(account);
      return refreshAnswer;
    },
    postingOptionsCalls,
    scriptPostingOptions: (...answers) => {
      optionsQueue.push(...answers);
    },
    async postingOptions(credentials) {
      postingOptionsCalls.push(credentials);
      return optionsQueue.shift() ?? { kind: 'options', options: TEST_POSTING_OPTIONS };
    },
    subscribeCalls,
    scriptSubscribe: (...answers) => {
      subscribeQueue.push(...answers);
    },
    // Only subscribing is scripted: sending replies is tested against the sandbox's Instagram.
    commentReplies: {
      missingPermissions(credentials) {
        const granted = credentials.permissions;
        return Array.isArray(granted) ? TEST_AUTOMATION_PERMISSIONS.filter((p) => !granted.includes(p)) : [];
      },
      async subscribe(credentials) {
        subscribeCalls.push(credentials);
        return subscribeQueue.shift() ?? { kind: 'subscribed' };
      },
      sendPrivateReply: async () => ({ kind: 'refused', reason: 'not simulated here' }),
      sendPublicReply: async () => ({ kind: 'refused', reason: 'not simulated here' }),
      findPublicReply: async () => ({ kind: 'none' }),
    },
  };
}
