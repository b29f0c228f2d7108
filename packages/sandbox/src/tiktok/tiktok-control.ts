import type { SandboxContext } from '../shared/sandbox-context.js';
import { settleTikTokPublishes } from './tiktok-publishes.js';
import type { TikTokPostLabels } from './tiktok-state.js';

/** A TikTok publish as the simulator stored it, for tests to read back what `post_info` asked. */
export type TikTokStoredPublish = TikTokPostLabels & {
  readonly publishId: string;
  /** The public post id once published; null before. */
  readonly postId: string | null;
  readonly kind: 'VIDEO' | 'PHOTO';
  readonly privacyLevel: string;
};

/** Test controls of the TikTok simulator, part of SandboxControl. */
export type TikTokControl = {
  /** The publish with this publish id or public post id, or undefined when there is none. */
  tiktokPublish(id: string): TikTokStoredPublish | undefined;
};

/** The TikTok part of the control of the sandbox behind `ctx`. */
export function createTikTokControl(ctx: SandboxContext): TikTokControl {
  return {
    tiktokPublish(id) {
      settleTikTokPublishes(ctx);
      const publishes = [...ctx.state.tiktok.publishes.values()];
      const publish = publishes.find((p) => p.id === id || p.postId === id);
      if (publish === undefined) return undefined;
      const { kind, privacyLevel, postId, labels } = publish;
      return { publishId: publish.id, postId, kind, privacyLevel, ...labels };
    },
  };
}
