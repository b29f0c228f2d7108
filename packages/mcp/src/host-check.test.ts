import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHostCheck } from './host-check.js';

const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('createHostCheck', () => {
  it('admits only the public host of the base URL, with its port', () => {
    const allowed = createHostCheck('https://svc.example:8443/', false);
    expect(allowed(req({ host: 'svc.example:8443' }))).toBe(true);
    expect(allowed(req({ host: 'SVC.example:8443' }))).toBe(true);
    expect(allowed(req({ host: 'svc.example' }))).toBe(false);
    expect(allowed(req({ host: 'localhost:8443' }))).toBe(false);
    expect(allowed(req({}))).toBe(false);
  });

  it('checks the Origin too when one is sent, refusing "null"', () => {
    const allowed = createHostCheck('https://svc.example', false);
    expect(allowed(req({ host: 'svc.example', origin: 'https://svc.example' }))).toBe(true);
    expect(allowed(req({ host: 'svc.example', origin: 'https://attacker.example' }))).toBe(false);
    expect(allowed(req({ host: 'svc.example', origin: 'null' }))).toBe(false);
  });

  it('admits every loopback name on any port when the base is loopback', () => {
    const allowed = createHostCheck('http://localhost:3000', false);
    for (const host of ['localhost:3000', '127.0.0.1:54321', '[::1]:8080', 'localhost']) {
      expect(allowed(req({ host })), host).toBe(true);
    }
    expect(allowed(req({ host: 'rebound.example:3000' }))).toBe(false);
  });

  it('reads X-Forwarded-Host only behind a trusted proxy', () => {
    const headers = { host: 'app:3000', 'x-forwarded-host': 'svc.example, inner' };
    expect(createHostCheck('https://svc.example', true)(req(headers))).toBe(true);
    expect(createHostCheck('https://svc.example', false)(req(headers))).toBe(false);
  });
});
