import { describe, expect, it } from 'vitest';
import { svcInProcess, useDataDirs } from './support.js';

const dataDir = useDataDirs();
const EMAIL = ['--email', 'ann@example.com'];

describe('svc billing', () => {
  const withUser = async () => {
    const env = { SVC_DATA_DIR: dataDir() };
    const user = await svcInProcess(['users', 'create', '--email', 'ann@example.com', '--plan', 'paid'], env);
    expect(user.code).toBe(0);
    return env;
  };

  it('shows `none` and the service plan before anything is recorded', async () => {
    const env = await withUser();
    const empty = await svcInProcess(['billing', 'show', ...EMAIL], env);
    expect(empty).toMatchObject({ code: 0, stderr: '' });
    expect(empty.json).toEqual({
      status: 'none',
      plan: null,
      currentPeriodEnd: null,
      purchasedHandles: 0,
      customerId: null,
      servicePlan: { state: 'paid', trialEndsAt: null, betaTester: false },
      recentEvents: [],
    });
  });

  it('records a subscription and prints the summary with the customer id truncated', async () => {
    const env = await withUser();
    const set = await svcInProcess(
      [
        'billing',
        'set',
        '--email',
        'Ann@Example.com',
        '--plan',
        'pro',
        '--status',
        'active',
        '--period-end',
        '2026-02-15T00:00:00Z',
        '--handles',
        '2',
        '--customer-id',
        'cus_NffrFeUfNV2Hib4242',
      ],
      env,
    );
    expect(set).toMatchObject({
      code: 0,
      json: {
        status: 'active',
        plan: 'pro',
        currentPeriodEnd: '2026-02-15T00:00:00.000Z',
        purchasedHandles: 2,
        customerId: 'cus_…4242',
        recentEvents: [],
      },
    });
    expect(set.stdout).not.toContain('NffrFeUfNV2Hib');
    const pastDue = await svcInProcess(['billing', 'set', ...EMAIL, '--status', 'past_due'], env);
    expect(pastDue.json).toMatchObject({ status: 'past_due', plan: 'pro', purchasedHandles: 2 });
    const cleared = await svcInProcess(['billing', 'set', ...EMAIL, '--customer-id', 'none'], env);
    expect(cleared.json).toMatchObject({ status: 'past_due', customerId: null });
    expect((await svcInProcess(['billing', 'show', ...EMAIL], env)).json).toEqual(cleared.json);
  });

  it('adds events (--type as in the contract, or --kind) and shows the last five, newest first', async () => {
    const env = await withUser();
    const paid = await svcInProcess(
      [
        'billing',
        'event',
        ...EMAIL,
        '--type',
        'invoice.paid',
        '--amount',
        '1900',
        '--currency',
        'eur',
        '--description',
        'Pro, January',
        '--at',
        '2026-01-31T09:00:00Z',
      ],
      env,
    );
    expect(paid).toMatchObject({ code: 0, json: { status: 'none' } });
    expect(paid.json.recentEvents).toEqual([
      {
        kind: 'invoice.paid',
        at: '2026-01-31T09:00:00.000Z',
        amount: { minor: 1900, currency: 'EUR' },
        description: 'Pro, January',
      },
    ]);
    const noCurrency = await svcInProcess(
      [
        'billing',
        'event',
        ...EMAIL,
        '--type',
        'charge.refunded',
        '--amount=-500',
        '--at',
        '2026-01-06T00:00:00Z',
      ],
      env,
    );
    expect(noCurrency.json.recentEvents[1]).toEqual({
      kind: 'charge.refunded',
      at: '2026-01-06T00:00:00.000Z',
      amount: { minor: -500, currency: null },
      description: null,
    });
    for (let day = 1; day <= 5; day += 1) {
      const updated = await svcInProcess(
        ['billing', 'event', ...EMAIL, '--kind', 'subscription.updated', '--at', `2026-01-0${day}T00:00:00Z`],
        env,
      );
      expect(updated.code).toBe(0);
    }
    const shown = await svcInProcess(['billing', 'show', ...EMAIL], env);
    expect(shown.json.recentEvents.map((e: { at: string }) => e.at)).toEqual([
      '2026-01-31T09:00:00.000Z',
      '2026-01-06T00:00:00.000Z',
      '2026-01-05T00:00:00.000Z',
      '2026-01-04T00:00:00.000Z',
      '2026-01-03T00:00:00.000Z',
    ]);
  });

  it('answers invalid input with one line on stderr and exit code 2, writing nothing', async () => {
    const env = await withUser();
    const event = ['billing', 'event', ...EMAIL, '--type', 'invoice.paid'];
    for (const args of [
      ['billing', 'show'],
      ['billing', 'set', ...EMAIL],
      ['billing', 'set', ...EMAIL, '--status', 'gold'],
      ['billing', 'set', ...EMAIL, '--handles', '-1'],
      ['billing', 'set', ...EMAIL, '--handles', 'two'],
      ['billing', 'set', ...EMAIL, '--period-end', 'next month'],
      ['billing', 'set', ...EMAIL, '--plan', 'x'.repeat(65)],
      ['billing', 'event', ...EMAIL],
      ['billing', 'event', ...EMAIL, '--type', 'Invoice Paid'],
      ['billing', 'event', ...EMAIL, '--type', 'invoice.paid', '--kind', 'invoice.failed'],
      [...event, '--amount', '19.00', '--currency', 'EUR'],
      [...event, '--currency', 'EUR'],
      [...event, '--amount', '1900', '--currency', 'EURO'],
      [...event, '--at', '2026-01-31'],
      [...event, '--description', 'x'.repeat(501)],
    ]) {
      const outcome = await svcInProcess(args, env);
      expect(outcome.code, args.join(' ')).toBe(2);
      expect(outcome.stdout).toBe('');
      expect(outcome.stderr).toMatch(/^svc: [^\n]+\n$/);
    }
    const shown = await svcInProcess(['billing', 'show', ...EMAIL], env);
    expect(shown.json).toMatchObject({ status: 'none', recentEvents: [] });
  });

  it('fails with exit code 1 for an unknown user', async () => {
    const env = await withUser();
    for (const args of [
      ['billing', 'show', '--email', 'bob@example.com'],
      ['billing', 'set', '--email', 'bob@example.com', '--status', 'active'],
      ['billing', 'event', '--email', 'bob@example.com', '--type', 'invoice.paid'],
    ]) {
      const outcome = await svcInProcess(args, env);
      expect(outcome).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'svc: No user with the email bob@example.com.\n',
      });
    }
  });

  it('explains each command with --help', async () => {
    for (const name of ['show', 'set', 'event']) {
      const help = await svcInProcess(['billing', name, '--help'], {});
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: svc billing ${name}`));
    }
    expect((await svcInProcess(['billing', '--help'], {})).stdout).toContain('billing event');
  });
});
