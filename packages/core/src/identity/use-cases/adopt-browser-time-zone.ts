import type { CoreDeps } from '../../deps/index.js';
import { decideFirstTimeZone } from '../first-time-zone.js';
import type { User } from '../user.js';

/**
 * On signing in, stores the browser's zone for a person who never chose one
 * (`decideFirstTimeZone`); answers the zone set, or null when nothing changed. `user` is the one
 * the sign-in check just let in.
 */
export async function adoptBrowserTimeZone(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  user: User,
  browserZone: string,
): Promise<string | null> {
  const zone = decideFirstTimeZone(user.timeZone, browserZone);
  if (zone === null) return null;
  const stored = await deps.store.users.setTimeZone(user.id, zone, deps.clock.now());
  return stored ? zone : null;
}
