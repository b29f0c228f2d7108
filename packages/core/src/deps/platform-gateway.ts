import type { AccountGateway } from '../accounts/index.js';
import type { MetricsGateway } from '../analytics/index.js';
import type { Platform } from '../kernel/index.js';
import type { PublishGateway } from '../publishing/index.js';

/**
 * One platform's API, as the connection flow, the publisher and the metric collector use it:
 * each area declares its own part, and the adapters implement all of them.
 */
export type PlatformGateway = AccountGateway & PublishGateway & MetricsGateway;

/** The gateways the service has, one per platform it can publish to. */
export type PlatformGateways = Readonly<Partial<Record<Platform, PlatformGateway>>>;
