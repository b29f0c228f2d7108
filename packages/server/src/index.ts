// The public API of @svc/server: run the assembled service from code, or its CLI.

export type { CliIo } from './cli/cli-command.js';
export { COMMANDS, runCli } from './cli/run-cli.js';
export { type Config, loadConfig } from './config.js';
export { createLogger } from './create-logger.js';
export { DEFAULT_HTTP_LIMITS, type HttpLimits, isUploadRequest } from './http-limits.js';
export { openServices, type Services } from './open-services.js';
export { type RunningServer, startServer } from './start-server.js';
export { SERVICE_VERSION } from './version.js';
