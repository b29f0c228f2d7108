import { createRequire } from 'node:module';

// package.json sits one level above both src/ and dist/, so this works from sources and builds.
const manifest = createRequire(import.meta.url)('../package.json') as { version: string };

/** The service version reported by /api/health and `svc --version`. */
export const SERVICE_VERSION: string = manifest.version;
