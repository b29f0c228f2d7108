import { type SandboxHttpError, serviceUnavailable, unknownPath } from './graph-error.js';
import type { SandboxPlatform } from './sandbox-publication.js';

/**
 * How a platform whose errors are not Graph's words the failures the router answers on its
 * behalf. Each platform folder declares its own (`TIKTOK_FAILURES`, `GOOGLE_FAILURES`) and the
 * sandbox hands them to the router, so this folder knows no platform's error shape but Graph's.
 */
export type PlatformFailureShapes = {
  /** Paths under this prefix belong to the platform. */
  readonly pathPrefix: string;
  /** A transient server fault (intercept hook, `#sandbox-transient`). */
  transient(): SandboxHttpError;
  /** 404 for a path under `pathPrefix` that no route serves. */
  unknownPath(path: string): SandboxHttpError;
};

/** The non-Graph platforms' failure shapes; a platform left out answers in Graph's. */
export type PlatformFailures = Partial<Readonly<Record<SandboxPlatform, PlatformFailureShapes>>>;

/** A transient server fault in the platform's own error shape. */
export function transientFailure(shapes: PlatformFailures, platform: SandboxPlatform): SandboxHttpError {
  return shapes[platform]?.transient() ?? serviceUnavailable();
}

/** 404 for a path no simulator serves, in the shape of the platform the path belongs to. */
export function unknownPathFailure(shapes: PlatformFailures, path: string): SandboxHttpError {
  const owner = Object.values(shapes).find((shape) => path.startsWith(shape.pathPrefix));
  return owner === undefined ? unknownPath(path) : owner.unknownPath(path);
}
