import { describe, expect, it } from 'vitest';
import { evergreenDue, isAboveMedian, type RecycleStep } from './evergreen-due.js';
import { parseEvergreenRule } from './evergreen-rule.js';

const DAY = 86_400_000;
const T0 = new Date('2026-01-01T10:00:00.000Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const rule = { everyDays: 30, maxTimes: 2, onlyAboveMedian: false };
const posted = (days: number, recycleNumber: number | null = null): RecycleStep => ({
  status: 'posted',
  publishedAt: at(days),
  deletedAt: null,
  recycleNumber,
});

describe('evergreenDue', () => {
  it('is due once everyDays passed since the original went out, not a millisecond before', () => {
    expect(evergreenDue(rule, posted(0), [], new Date(at(30).getTime() - 1))).toEqual({
      kind: 'waiting',
      until: at(30),
    });
    expect(evergreenDue(rule, posted(0), [], at(30))).toEqual({ kind: 'due', copyNumber: 1 });
  });

  it('counts the next period from the latest copy that went out, and waits while a copy is on its way', () => {
    const pending: RecycleStep = {
      status: 'scheduled',
      publishedAt: null,
      deletedAt: null,
      recycleNumber: 1,
    };
    expect(evergreenDue(rule, posted(0), [pending], at(90))).toEqual({ kind: 'waiting', until: null });
    expect(evergreenDue(rule, posted(0), [posted(31, 1)], at(60))).toEqual({
      kind: 'waiting',
      until: at(61),
    });
    expect(evergreenDue(rule, posted(0), [posted(31, 1)], at(61))).toEqual({ kind: 'due', copyNumber: 2 });
  });

  it('stops after maxTimes copies, deleted and failed copies included', () => {
    const deleted: RecycleStep = { ...posted(31, 1), deletedAt: at(32) };
    const failed: RecycleStep = { status: 'failed', publishedAt: null, deletedAt: null, recycleNumber: 2 };
    expect(evergreenDue(rule, posted(0), [deleted, failed], at(400))).toEqual({ kind: 'finished' });
    // One made and deleted: the second is due from the original's time, numbered after it.
    expect(evergreenDue(rule, posted(0), [deleted], at(30))).toEqual({ kind: 'due', copyNumber: 2 });
  });

  it('never copies an original that is deleted or not posted', () => {
    expect(evergreenDue(rule, { ...posted(0), deletedAt: at(1) }, [], at(90))).toEqual({ kind: 'finished' });
    expect(
      evergreenDue(
        rule,
        { status: 'scheduled', publishedAt: null, deletedAt: null, recycleNumber: null },
        [],
        at(90),
      ),
    ).toEqual({ kind: 'finished' });
  });

  it('counts the next period from a skipped one', () => {
    const original = { ...posted(0), recycleSkippedAt: at(30) };
    expect(evergreenDue(rule, original, [], at(59))).toEqual({ kind: 'waiting', until: at(60) });
    expect(evergreenDue(rule, original, [], at(60))).toEqual({ kind: 'due', copyNumber: 1 });
  });
});

describe('isAboveMedian', () => {
  it('is strictly above the median (odd and even counts), null without figures', () => {
    expect(isAboveMedian(5, [1, 5, 9])).toBe(false);
    expect(isAboveMedian(9, [1, 5, 9])).toBe(true);
    expect(isAboveMedian(5, [1, 4, 6, 9])).toBe(false);
    expect(isAboveMedian(6, [1, 4, 6, 9])).toBe(true);
    expect(isAboveMedian(null, [1, 2])).toBeNull();
    expect(isAboveMedian(3, [])).toBeNull();
  });
});

describe('parseEvergreenRule', () => {
  it('takes a rule within bounds, onlyAboveMedian false by default, and null for none', () => {
    expect(parseEvergreenRule({ everyDays: 1, maxTimes: 100 })._unsafeUnwrap()).toEqual({
      everyDays: 1,
      maxTimes: 100,
      onlyAboveMedian: false,
    });
    expect(parseEvergreenRule(null)._unsafeUnwrap()).toBeNull();
    expect(parseEvergreenRule(undefined)._unsafeUnwrap()).toBeNull();
  });

  it.each([
    [{ everyDays: 0, maxTimes: 1 }, 'evergreen.everyDays'],
    [{ everyDays: 366, maxTimes: 1 }, 'evergreen.everyDays'],
    [{ everyDays: 1.5, maxTimes: 1 }, 'evergreen.everyDays'],
    [{ everyDays: 7, maxTimes: 0 }, 'evergreen.maxTimes'],
    [{ everyDays: 7, maxTimes: 101 }, 'evergreen.maxTimes'],
    [{ everyDays: 7, maxTimes: 2, onlyAboveMedian: 'yes' }, 'evergreen.onlyAboveMedian'],
    [{ everyDays: 7, maxTimes: 2, every: 3 }, 'evergreen'],
  ])('refuses %j naming %s', (raw, field) => {
    expect(parseEvergreenRule(raw)._unsafeUnwrapErr()).toMatchObject({
      code: 'validation_failed',
      details: { field },
    });
  });
});
