import { LIMIT_PHRASES } from '@svc/core';
import { createLogger } from '../create-logger.js';
import { createServerSweeper } from '../start-collector.js';
import { type CliCommand, printJson } from './cli-command.js';
import { withServices } from './command-support.js';

/** `svc sweep`. */
export const sweep: CliCommand = {
  name: 'sweep',
  summary: 'Run one round of every maintenance sweep now',
  help: `Usage: svc sweep

Runs one round of every maintenance sweep now, the same round \`svc serve\` and \`svc publisher\`
run every 15 minutes (docs/operations.md, "Sweeps"), and prints what each did as one JSON object:
  refreshed, warned      tokens about to lapse refreshed; owners warned of those that cannot be
  abandonedUploads       upload targets whose bytes never came, an hour after their link expired
  purgedPosts            posts deleted more than ${LIMIT_PHRASES.restoreWindow} ago (no longer restorable), removed
  purgedMediaAssets      copies the service made only for those posts, removed with them
  webhookMessages        webhook messages settled more than 30 days ago, with their history
  orphanedBlobs          stored files no media asset refers to, older than a day, removed
  freedBytes             the bytes those files held
  recycled               copies of evergreen posts put in their queues (docs/queue.md)
  recycleSkipped         evergreen periods skipped, each said with post.recycle_skipped
Safe beside running servers, uploads and other \`svc sweep\` processes
on the same database: each row is handled by one of them. A sweep that fails is logged on stderr
and counts 0; the others still run.`,
  options: {},
  positionals: { min: 0, max: 0 },
  async run(_args, io) {
    const result = await withServices(io, async (services, config) => {
      const logger = createLogger({ level: config.logLevel, destination: 'stderr' });
      return createServerSweeper(services, logger).runOnce();
    });
    printJson(io, result);
    return 0;
  },
};
