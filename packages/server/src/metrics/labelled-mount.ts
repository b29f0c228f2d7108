import type { RawMount } from '@svc/http';

/**
 * The mount with the one route label its requests are counted under in the metrics: its own
 * paths (tool sessions, OAuth pages, sandbox permalinks) are many and caller-chosen.
 */
export function labelledMount(route: string, mount: Pick<RawMount, 'owns' | 'handle'>): RawMount {
  return { route, owns: (path) => mount.owns(path), handle: (req, res) => mount.handle(req, res) };
}
