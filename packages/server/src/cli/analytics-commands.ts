import { createLogger } from '../create-logger.js';
import { createServerCollector } from '../start-collector.js';
import { type CliCommand, CliFailure, printJson } from './cli-command.js';
import { withServices } from './command-support.js';

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
      const { store, clock } = services.core;
      let ownerId: string | null = null;
      if (typeof values.email === 'string') {
        const user = await store.users.getUserByEmail(values.email);
        if (user === null) throw new CliFailure(`No user with the email ${values.email}.`);
        ownerId = user.id;
      }
      const logger = createLogger({ level: config.logLevel, destination: 'stderr' });
      while ((await store.analytics.followJournal(500)) > 0) {
        // Start the collections of every post published so far.
      }
      await store.analytics.collectNow(ownerId, clock.now());
      return createServerCollector(services, logger).drain();
    });
    printJson(io, counts);
    return 0;
  },
};
