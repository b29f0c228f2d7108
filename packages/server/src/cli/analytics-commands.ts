import { collectAnalyticsNow, findUserByEmail } from '@svc/core';
import { createLogger } from '../create-logger.js';
import { createServerCollector } from '../start-collector.js';
import { type CliCommand, printJson } from './cli-command.js';
import { orFail, withServices } from './command-support.js';

/** `svc analytics collect`. */
export const analyticsCollect: CliCommand = {
  name: 'analytics collect',
  summary: 'Read metrics now for every published post',
  help: `Usage: svc analytics collect [--email EMAIL]

Reads the metrics of every published post now (only that user's with --email), instead of waiting
for the collector's schedule (1 h, 6 h, 24 h, 3 d, 7 d, 30 d after publishing, then weekly for a
year; docs/analytics.md), through the platforms' APIs with the accounts' tokens. Prints
{"posts", "snapshots"}: the posts read and the readings that brought figures. Safe beside a
running server: reads are leased, and a slot already stored is never overwritten.`,
  options: { email: { type: 'string' } },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const counts = await withServices(io, async (services, config) => {
      const ownerId =
        typeof values.email === 'string'
          ? (await orFail(findUserByEmail(services.core, values.email))).id
          : null;
      const logger = createLogger({ level: config.logLevel, destination: 'stderr' });
      await collectAnalyticsNow(services.core, ownerId);
      return createServerCollector(services, config, logger).drain();
    });
    printJson(io, counts);
    return 0;
  },
};
