import type { Logger } from 'pino';

/**
 * How a long-running command ends: on the first SIGTERM or SIGINT it logs the signal, awaits
 * `stop` (which lets work in flight finish and closes what it opened), flushes the log and
 * answers the exit code 0.
 */
export async function runUntilSignal(logger: Logger, stop: () => Promise<unknown>): Promise<number> {
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', resolve);
    process.once('SIGINT', resolve);
  });
  logger.info({ signal }, 'shutting down');
  await stop();
  logger.info({}, 'stopped');
  logger.flush();
  return 0;
}
