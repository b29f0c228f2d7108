import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The compose page's script: the content policy run in the browser (built from
 * browser/compose-checks.ts into assets/compose-checks.js, committed). Read once; the same
 * relative path holds from src/ and from dist/.
 */
export const COMPOSE_CHECKS_JS = readFileSync(
  new URL('../assets/compose-checks.js', import.meta.url),
  'utf8',
);

/** The script's path: its name carries a hash of its content. */
export const COMPOSE_CHECKS_JS_PATH = `/app/assets/compose-checks-${createHash('sha256').update(COMPOSE_CHECKS_JS).digest('hex').slice(0, 12)}.js`;
