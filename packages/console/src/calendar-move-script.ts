import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The calendar's script: drag a post to another day (built from browser/calendar-move.ts into
 * assets/calendar-move.js, committed). Read once; the same relative path holds from src/ and
 * from dist/.
 */
export const CALENDAR_MOVE_JS = readFileSync(new URL('../assets/calendar-move.js', import.meta.url), 'utf8');

/** The script's path: its name carries a hash of its content. */
export const CALENDAR_MOVE_JS_PATH = `/app/assets/calendar-move-${createHash('sha256').update(CALENDAR_MOVE_JS).digest('hex').slice(0, 12)}.js`;
