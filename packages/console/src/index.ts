// The public API of @svc/console: the web console at /app.
export type { ConsoleDeps, ConsoleLogger } from './console-deps.js';
export { signInSessionsOf } from './console-session.js';
export { createConsole, type WebConsole } from './create-console.js';
export { SESSION_COOKIE } from './session-cookie.js';
export { createUnsubscribeSurface, UNSUBSCRIBE_PATH, type UnsubscribeDeps } from './unsubscribe-surface.js';
