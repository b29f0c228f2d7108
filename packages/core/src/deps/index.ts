export type { CoreDeps } from './core-deps.js';
export type { Store } from './store.js';
