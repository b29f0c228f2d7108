import { isLoopbackHost } from '../../kernel/index.js';
import { type DoctorCheck, doctorCheck } from './doctor-check.js';

/** Who can reach the service, as far as its settings tell. */
export type ServiceExposure = {
  /** HOST: the interface it listens on; null listens on every interface. */
  readonly host: string | null;
  /** The base URL in use. */
  readonly baseUrl: string;
  /** Whether any platform has real app credentials: a production server. */
  readonly livePlatforms: boolean;
};

/** Whether other machines can connect to the server directly (HOST unset or not loopback). */
export function listensBeyondLoopback(exposure: ServiceExposure): boolean {
  return exposure.host === null || !isLoopbackHost(exposure.host);
}

// Where people reach it: a base URL off loopback means a proxy or the server itself is public.
function reachedFromOutside(exposure: ServiceExposure): boolean {
  return !isLoopbackHost(new URL(exposure.baseUrl).hostname);
}

/**
 * `sandbox_exposure`: the sandbox answers only this machine unless SVC_SANDBOX_EXPOSE is on.
 * Exposed where others connect is meant for a shared demo (a warning); beside real platform apps it
 * fails, as people would be offered simulated accounts on a production server.
 */
export function sandboxExposureCheck(
  sandbox: { readonly on: boolean; readonly exposed: boolean },
  exposure: ServiceExposure,
): DoctorCheck {
  if (!sandbox.on) return doctorCheck('sandbox_exposure', 'pass', 'The sandbox is off.');
  if (!sandbox.exposed) {
    return doctorCheck(
      'sandbox_exposure',
      'pass',
      'The sandbox is on and answers only this machine (SVC_SANDBOX_EXPOSE is off).',
    );
  }
  if (!listensBeyondLoopback(exposure) && !reachedFromOutside(exposure)) {
    return doctorCheck(
      'sandbox_exposure',
      'pass',
      'The sandbox is exposed (SVC_SANDBOX_EXPOSE=on), but the server listens and is reached on loopback only.',
    );
  }
  const where = exposure.host === null ? 'every interface' : exposure.host;
  if (exposure.livePlatforms) {
    return doctorCheck(
      'sandbox_exposure',
      'fail',
      `The sandbox is exposed to other machines (SVC_SANDBOX_EXPOSE=on, listening on ${where}) beside real platform apps, so people are offered simulated accounts: set SVC_SANDBOX=off, or at least SVC_SANDBOX_EXPOSE=off.`,
    );
  }
  return doctorCheck(
    'sandbox_exposure',
    'warn',
    `The sandbox is exposed to other machines (SVC_SANDBOX_EXPOSE=on, listening on ${where}): right for a shared demo only; otherwise set SVC_SANDBOX_EXPOSE=off.`,
  );
}

/**
 * `metrics_token`: /metrics without SVC_METRICS_TOKEN is open to whoever reaches the server. Behind
 * a public base URL that fails (a proxy usually forwards every path); listening beyond loopback
 * is a warning (the local network reads it); loopback only passes.
 */
export function metricsTokenCheck(tokenSet: boolean, exposure: ServiceExposure): DoctorCheck {
  const fix = 'set SVC_METRICS_TOKEN (e.g. `openssl rand -hex 32`) and give Prometheus the same Bearer token';
  if (tokenSet)
    return doctorCheck('metrics_token', 'pass', 'GET /metrics needs the SVC_METRICS_TOKEN Bearer token.');
  if (reachedFromOutside(exposure)) {
    return doctorCheck(
      'metrics_token',
      'fail',
      `GET /metrics is open and the service is reached at ${exposure.baseUrl}: ${fix}.`,
    );
  }
  if (listensBeyondLoopback(exposure)) {
    return doctorCheck(
      'metrics_token',
      'warn',
      `GET /metrics is open to every machine that reaches this one (HOST ${exposure.host ?? 'unset: every interface'}): ${fix}, or set HOST=127.0.0.1.`,
    );
  }
  return doctorCheck(
    'metrics_token',
    'pass',
    'GET /metrics is open, but only this machine reaches the server.',
  );
}
