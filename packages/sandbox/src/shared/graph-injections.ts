import type { SandboxPlatform } from './sandbox-publication.js';

/** The Meta platforms, whose API answers are Graph's. */
export type GraphPlatform = Extract<SandboxPlatform, 'instagram' | 'threads' | 'facebook'>;

/** A Graph error a test asks the next matching calls to answer. */
export type InjectedGraphError = {
  /** HTTP status; default 400 (Meta's table), 403 for throttling codes. */
  readonly status?: number;
  readonly code: number;
  readonly subcode?: number;
  /** Default a sentence naming the code. */
  readonly message?: string;
  /** `error_user_msg`. */
  readonly userMessage?: string;
  readonly transient?: boolean;
  /**
   * For throttling: the usage headers then read 100 % with this `estimated_time_to_regain_access`
   * (minutes; Meta gives whole minutes, tests may give less).
   */
  readonly regainMinutes?: number;
};

/** A failure queued for calls of one platform (and operation, e.g. `instagram.publish`). */
export type QueuedGraphError = {
  readonly platform: GraphPlatform;
  /** Only calls of this operation; any API call of the platform when absent. */
  readonly operations: readonly string[] | null;
  readonly error: InjectedGraphError;
  /** Calls still to answer so. */
  times: number;
};

/** Why the next container of a platform must end in ERROR: Meta's subcode and message. */
export type InjectedContainerError = { readonly subcode: number; readonly message: string };

/** What the Graph simulators were asked to do beyond their normal answers, and the calls they counted. */
export type GraphInjections = {
  readonly queued: QueuedGraphError[];
  readonly containerErrors: Map<GraphPlatform, InjectedContainerError[]>;
  /** Call times in the rolling hour, by usage key (`app:<platform>`, `token:<token>`). */
  readonly calls: Map<string, number[]>;
  /** Calls a key may make in the rolling hour before its usage reads 100 %. */
  budget: number;
};

/** The default rolling-hour budget: large enough that tests far below it read a few percent. */
export const DEFAULT_GRAPH_CALL_BUDGET = 4_800;

/** Nothing injected, nothing counted. */
export function createGraphInjections(): GraphInjections {
  return { queued: [], containerErrors: new Map(), calls: new Map(), budget: DEFAULT_GRAPH_CALL_BUDGET };
}

/** Forgets every injection and every counted call. */
export function resetGraphInjections(injections: GraphInjections): void {
  injections.queued.length = 0;
  injections.containerErrors.clear();
  injections.calls.clear();
  injections.budget = DEFAULT_GRAPH_CALL_BUDGET;
}

/** Takes the injected ERROR the next container of `platform` ends in, if a test queued one. */
export function takeContainerError(
  injections: GraphInjections,
  platform: GraphPlatform,
): InjectedContainerError | null {
  return injections.containerErrors.get(platform)?.shift() ?? null;
}
