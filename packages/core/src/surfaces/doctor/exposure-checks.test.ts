import { describe, expect, it } from 'vitest';
import { metricsTokenCheck, sandboxExposureCheck } from './exposure-checks.js';

const local = { host: '127.0.0.1', baseUrl: 'http://localhost:3000', livePlatforms: false };
const lan = { ...local, host: null };
const publicSandbox = { host: '0.0.0.0', baseUrl: 'https://svc.example', livePlatforms: false };
const production = { ...publicSandbox, livePlatforms: true };

describe('the sandbox exposure check', () => {
  it.each([
    ['off', { on: false, exposed: true }, production, 'pass'],
    ['on, answering this machine only', { on: true, exposed: false }, production, 'pass'],
    ['exposed, but on loopback only', { on: true, exposed: true }, local, 'pass'],
    ['exposed on a network address, sandbox only', { on: true, exposed: true }, publicSandbox, 'warn'],
    ['exposed beside real platform apps', { on: true, exposed: true }, production, 'fail'],
  ] as const)('%s', (_, sandbox, exposure, level) => {
    const check = sandboxExposureCheck(sandbox, exposure);
    expect(check).toMatchObject({ name: 'sandbox_exposure', level, ok: level !== 'fail' });
    if (level !== 'pass') expect(check.message).toContain('SVC_SANDBOX_EXPOSE=off');
  });
});

describe('the metrics token check', () => {
  it.each([
    ['a token set on a public server', true, production, 'pass'],
    ['open on loopback', false, local, 'pass'],
    ['open to the local network', false, lan, 'warn'],
    ['open behind a public base URL', false, publicSandbox, 'fail'],
  ] as const)('%s', (_, tokenSet, exposure, level) => {
    const check = metricsTokenCheck(tokenSet, exposure);
    expect(check).toMatchObject({ name: 'metrics_token', level, ok: level !== 'fail' });
    if (level !== 'pass') expect(check.message).toContain('set SVC_METRICS_TOKEN');
  });
});
