// @svc/core/deps — The composition types: every port and setting the use cases may depend on, as the server builds them.
// This file is the area's contract: other areas and packages import only what it exports.
export type { CoreDeps } from './core-deps.js';
export type { PlatformGateway, PlatformGateways } from './platform-gateway.js';
export type { Store } from './store.js';
