import type { PolicyConfig } from './platform-limits.js';

// JSON has no regular expressions: the prohibited-content patterns travel as source and flags.
type EncodedPattern = { readonly $regexp: string; readonly flags: string };

const isEncodedPattern = (value: unknown): value is EncodedPattern =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EncodedPattern).$regexp === 'string' &&
  typeof (value as EncodedPattern).flags === 'string';

/**
 * A policy configuration as JSON, so a page can run the server's very rules in the browser
 * (`policyConfigFromJson` reads it back).
 */
export function policyConfigToJson(config: PolicyConfig): string {
  return JSON.stringify(config, (_key, value: unknown) =>
    value instanceof RegExp ? { $regexp: value.source, flags: value.flags } : value,
  );
}

/** Reads what `policyConfigToJson` wrote. Throws on text that is not JSON. */
export function policyConfigFromJson(text: string): PolicyConfig {
  return JSON.parse(text, (_key, value: unknown) =>
    isEncodedPattern(value) ? new RegExp(value.$regexp, value.flags) : value,
  ) as PolicyConfig;
}
