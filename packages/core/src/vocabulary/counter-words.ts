import { PLATFORM_NAMES } from '../kernel/index.js';
import type { TextCounter, TextCounting } from '../policy/index.js';

const count = (n: number) => n.toLocaleString('en-US');

// Why a platform's count is not the person's, said only about what the text holds.
function rule(counting: TextCounting, emoji: boolean): string {
  switch (counting) {
    case 'threads_weighted':
      return 'each emoji as 4 or more';
    case 'utf16_units':
      return emoji ? 'most emoji as 2' : 'some letters as 2';
    case 'utf8_bytes':
      return emoji ? 'accented letters as 2 and emoji as 4' : 'accented letters as 2';
    case 'code_points':
      return emoji ? 'some emoji as 2 or more' : 'some letters as 2';
  }
}

/**
 * A counter as a person reads it: the text's length in characters as they count them
 * (`120 / 500 characters`); when the platform counts otherwise for this very text, its own count
 * and why, in one clause (`6 / 500 characters (Threads counts 9: each emoji as 4 or more)`); and
 * how far over, in the platform's count, which is what it refuses.
 */
export function counterWords(counter: TextCounter): string {
  const over = counter.used - counter.max;
  const overWords = over > 0 ? ` · ${count(over)} over` : '';
  if (counter.used === counter.characters) {
    return `${count(counter.characters)} / ${count(counter.max)} characters${overWords}`;
  }
  const who = counter.platform === null ? 'The service' : PLATFORM_NAMES[counter.platform];
  return `${count(counter.characters)} / ${count(counter.max)} characters (${who} counts ${count(counter.used)}: ${rule(counter.counting, counter.emoji)})${overWords}`;
}
