import { type Logger, pino } from 'pino';

/**
 * The process logger: JSON lines with a time, level and message. Fields that could hold a
 * credential are censored wherever they appear, as a second line of defence behind code that
 * never logs them.
 */
export function createLogger(options: { level: string; destination: 'stdout' | 'stderr' }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'svc' },
      redact: {
        paths: [
          'authorization',
          '*.authorization',
          'headers.authorization',
          '*.headers.authorization',
          'key',
          '*.key',
          'secret',
          '*.secret',
          'password',
          '*.password',
          'accessToken',
          '*.accessToken',
          'refreshToken',
          '*.refreshToken',
          'credentials',
          '*.credentials',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ fd: options.destination === 'stdout' ? 1 : 2, sync: false }),
  );
}
