// Test support for suites that need a PostgreSQL server (import '@svc/store-postgres/testing').
export { describePostgres, type TestDatabase } from './describe-postgres.js';
export { holdTables, type TableHold } from './hold-tables.js';
export { type OutageProxy, startOutageProxy } from './outage-proxy.js';
export { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
export { terminateConnections } from './terminate-connections.js';
export { waitForPostsDueListener } from './wait-for-posts-due-listener.js';
