import { describe, expect, it } from 'vitest';
import { onOff } from './on-off.js';

describe('onOff', () => {
  it('reads the on and off words in any case, and refuses anything else', () => {
    expect(['1', 'ON', ' true ', 'yes'].map((v) => onOff().parse(v))).toEqual([true, true, true, true]);
    expect(['0', 'Off', 'false', 'no'].map((v) => onOff().parse(v))).toEqual([false, false, false, false]);
    expect(onOff().safeParse('maybe').error?.issues[0]?.message).toBe('must be on or off');
  });
});
