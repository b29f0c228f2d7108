import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  baseUrlCheck,
  clockSkewCheck,
  type DoctorReport,
  databaseCheck,
  directoryCheck,
  doctorReport,
  type MasterSecretSource,
  masterSecretCheck,
  metricsTokenCheck,
  type ServiceExposure,
  sandboxExposureCheck,
  smtpCheck,
} from '@svc/core';
import type { Config } from '../config.js';
import { SECRET_FILE } from '../master-secret.js';
import { probeDatabase } from './probe-database.js';
import { probeDirectory } from './probe-directory.js';
import { probeMediaStore, probeSmtp } from './probe-services.js';
import { problemOf } from './problem-of.js';

/**
 * Every check of `svc doctor` on a loaded configuration, in a fixed order. It changes nothing:
 * no directory, database or secret is created, nothing is migrated, no e-mail is sent. `env` is
 * read only for what the configuration no longer tells (whether SVC_BASE_URL was set).
 */
export async function runDoctor(
  config: Config,
  env: Readonly<Record<string, string | undefined>>,
): Promise<DoctorReport> {
  const livePlatforms = Object.keys(config.platformCredentials).length > 0;
  const exposure: ServiceExposure = { host: config.host, baseUrl: config.baseUrl, livePlatforms };
  const [secret, dataDir, database, media, smtp] = await Promise.all([
    masterSecretSource(config),
    probeDirectory(config.dataDir),
    probeDatabase(config),
    probeMediaStore(config),
    probeSmtp(config),
  ]);
  return doctorReport([
    baseUrlCheck({ baseUrl: config.baseUrl, set: (env.SVC_BASE_URL ?? '') !== '', livePlatforms }),
    masterSecretCheck(secret, config.databaseUrl !== null),
    directoryCheck(
      'data_dir',
      `SVC_DATA_DIR ${config.dataDir}`,
      dataDir,
      `make it a directory the service's user (uid ${process.getuid?.() ?? '?'}) can write, or set SVC_DATA_DIR to one`,
    ),
    databaseCheck(database.state, config.migrateOnStart),
    media,
    smtpCheck(smtp),
    clockSkewCheck(database.clockSkewMs, database.clockUnavailable),
    sandboxExposureCheck({ on: config.sandbox, exposed: config.sandboxAccess.exposed }, exposure),
    metricsTokenCheck(config.metrics.token !== null, exposure),
  ]);
}

// SVC_SECRET, else the file generated into the data directory, read but never created.
async function masterSecretSource(config: Config): Promise<MasterSecretSource> {
  if (config.secret !== null) return { kind: 'environment', secret: config.secret };
  const path = join(config.dataDir, SECRET_FILE);
  try {
    return { kind: 'file', path, secret: (await readFile(path, 'utf8')).trim() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'file', path, secret: null };
    return { kind: 'file', path, secret: null, problem: problemOf(error) };
  }
}
