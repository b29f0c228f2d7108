import type { ParseArgsOptionsConfig } from 'node:util';
import type { SvcError } from '@svc/core';
import type { Result, ResultAsync } from 'neverthrow';
import { type Config, loadConfig } from '../config.js';
import { openServices, type Services } from '../open-services.js';
import { CliFailure, type CliIo } from './cli-command.js';

/** The configuration from the environment, or a CliFailure naming the bad variable. */
export function configOf(io: CliIo): Config {
  const loaded = loadConfig(io.env, io.cwd);
  if (!loaded.ok) throw new CliFailure(loaded.error);
  return loaded.config;
}

/** Runs `work` with the services open, closing them afterwards whatever happens. */
export async function withServices<T>(
  io: CliIo,
  work: (services: Services, config: Config) => Promise<T>,
): Promise<T> {
  const config = configOf(io);
  const services = await openServices(config);
  try {
    return await work(services, config);
  } finally {
    await services.close();
  }
}

/** The value of a use case's result, or a CliFailure carrying its message. */
export async function orFail<T>(result: ResultAsync<T, SvcError> | Result<T, SvcError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new CliFailure(settled.error.message);
  return settled.value;
}

/** Runs one use case on the core with the services open: its value, or a CliFailure carrying its message. */
export function runUseCase<T>(
  io: CliIo,
  useCase: (core: Services['core']) => ResultAsync<T, SvcError> | Result<T, SvcError>,
): Promise<T> {
  return withServices(io, ({ core }) => orFail(useCase(core)));
}

/** A required string option, or a CliFailure saying which is missing. */
export function required(
  values: Readonly<Record<string, string | boolean | undefined>>,
  name: string,
): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new CliFailure(`--${name} is required.`, 2);
  return value;
}

/** A comma-separated list option, trimmed, without empty items. */
export function list(value: string | boolean | undefined): string[] {
  return typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : [];
}

/** A whole-number option, or a CliFailure. */
export function integer(value: string | boolean | undefined, name: string): number | null {
  if (value === undefined) return null;
  const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new CliFailure(`--${name} must be a whole number.`, 2);
  return n;
}

/**
 * Options that each take a string value, by name: most commands' options are only these
 * (`--email E`, `--scopes S1,S2`), and their values are checked by the command, not the parser.
 */
export function stringOptions(...names: readonly string[]): ParseArgsOptionsConfig {
  return Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
}
