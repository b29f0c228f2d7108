import type { SandboxPlatform } from './sandbox-publication.js';

/** One API call as the intercept hook sees it. */
export type SandboxCall = {
  readonly platform: SandboxPlatform;
  /** `<platform>.<operation>`, e.g. `instagram.publish`, `facebook.reels_finish`. */
  readonly operation: string;
  readonly method: string;
  /** The request path, without the query. */
  readonly path: string;
};

/** `before`: nothing changed yet; `after`: state changed, response not yet written. */
export type SandboxCallPhase = 'before' | 'after';

/** A test's hook into every API call; throwing makes the call answer a transient 500. */
export type SandboxInterceptor = (call: SandboxCall, phase: SandboxCallPhase) => void | Promise<void>;
