import { type Logger, pino } from 'pino';

/**
 * The process logger: JSON lines with a time, level and message. Fields named like credentials
 * are censored, as a second line of defence behind code that never logs them.
 */
export function createLogger(options: { level: string; destination: 'stdout' | 'stderr' }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'svc' },
      // Exact paths only: wildcard paths make pino inspect every object of every line, which
      // cost a fifth of a request's time. Log lines are flat objects, so these cover them.
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'key',
          'secret',
          'password',
          'token',
          'accessToken',
          'refreshToken',
          'credentials',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ fd: options.destination === 'stdout' ? 1 : 2, sync: false }),
  );
}
