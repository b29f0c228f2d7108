// The root of @svc/core: every business area's contract under one name, kept for compatibility.
// Each area's own index is its explicit contract (named exports only) and is published as a subpath
// (`@svc/core/posts`, `@svc/core/media` …); new code imports the area it needs. This file is the
// one place `export *` is allowed: it only ever gathers area indexes (test/layering.test.ts).
export * from './accounts/index.js';
export * from './analytics/index.js';
export * from './approvals/index.js';
export * from './automations/index.js';
export * from './billing/index.js';
export * from './bulk/index.js';
export * from './deps/index.js';
export * from './identity/index.js';
export * from './journal/index.js';
export * from './kernel/index.js';
export * from './limits/index.js';
export * from './listing/index.js';
export * from './media/index.js';
export * from './notifications/index.js';
export * from './policy/index.js';
export * from './posts/index.js';
export * from './publishing/index.js';
export * from './queue/index.js';
export * from './second-factor/index.js';
export * from './surfaces/index.js';
export * from './teams/index.js';
export * from './vocabulary/index.js';
export * from './webhooks/index.js';
