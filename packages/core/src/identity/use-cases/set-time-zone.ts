import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import type { CoreDeps } from '../../deps/index.js';
import { type SvcError, svcError } from '../../kernel/index.js';
import type { Actor } from '../actor.js';
import { isZoneName } from '../first-time-zone.js';
import type { User } from '../user.js';
import { useCase } from './use-case.js';

/**
 * Sets the time zone the actor's user reads and enters times in: an IANA name this runtime knows
 * (`Europe/Paris`, `UTC`), else `validation_failed` on `timeZone`. Answers the updated user.
 */
export function setTimeZone(
  deps: Pick<CoreDeps, 'store' | 'clock'>,
  actor: Actor,
  timeZone: string,
): ResultAsync<User, SvcError> {
  return useCase(actor, 'account:write', async (): Promise<Result<User, SvcError>> => {
    const zone = timeZone.trim();
    if (!isZoneName(zone)) {
      return err(
        svcError(
          'validation_failed',
          `${JSON.stringify(timeZone)} is not a time zone name such as Europe/Paris.`,
          {
            field: 'timeZone',
          },
        ),
      );
    }
    const now = deps.clock.now();
    const stored = await deps.store.users.setTimeZone(actor.user.id, zone, now);
    return stored
      ? ok({ ...actor.user, timeZone: zone, updatedAt: now })
      : err(svcError('user_not_found', 'The user is gone.'));
  });
}
