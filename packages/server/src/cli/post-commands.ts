import { LIMIT_PHRASES, restorePost } from '@svc/core';
import { type CliCommand, printJson } from './cli-command.js';
import { runUseCase } from './command-support.js';

/** `svc posts restore`. */
export const postsRestore: CliCommand = {
  name: 'posts restore',
  summary: `Restore a deleted post (within ${LIMIT_PHRASES.restoreWindow})`,
  help: `Usage: svc posts restore POST_ID

Restores a soft-deleted post to the status it had, within ${LIMIT_PHRASES.restoreWindow} of its deletion; later the
post is gone for good (restore_window_expired). A scheduled post whose time passed while it was
deleted goes out at the next publisher run. Prints {"id", "status", "scheduledTime", "dueAt"}.`,
  options: {},
  positionals: { min: 1, max: 1 },
  async run({ positionals }, io) {
    const post = await runUseCase(io, (core) => restorePost(core, positionals[0] ?? '', core.clock.now()));
    printJson(io, {
      id: post.id,
      status: post.status,
      scheduledTime: post.scheduledTime?.toISOString() ?? null,
      dueAt: post.dueAt?.toISOString() ?? null,
    });
    return 0;
  },
};
