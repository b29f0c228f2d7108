import pg from 'pg';
import { POSTS_DUE_CHANNEL } from '../postgres-posts-due-channel.js';

/**
 * Resolves once some session on the database at `url` listens for due posts, such as a publisher
 * process that finished starting; rejects after `timeoutMs`. Tests wait for it before notifying,
 * since a notification sent before the LISTEN is lost.
 */
export async function waitForPostsDueListener(url: string, timeoutMs = 10_000): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
      const { rows } = await client.query(
        // The store's one listening connection runs every topic's LISTEN in one query.
        "SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%' || $1 || '%'",
        [`LISTEN ${POSTS_DUE_CHANNEL};`],
      );
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`No session listens on ${POSTS_DUE_CHANNEL} after ${timeoutMs} ms.`);
  } finally {
    await client.end();
  }
}
