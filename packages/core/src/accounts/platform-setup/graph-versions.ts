/**
 * When Meta retires each Graph API version we know of (Graph API changelog, "Versions"): every
 * version is available for about two years after the next one ships (null: not announced
 * yet). Unknown versions are taken on trust and reported as such.
 */
// developers.facebook.com/docs/graph-api/changelog/versions, as of v26.0 (29 Jul 2026).
export const GRAPH_VERSION_RETIREMENTS: Readonly<Record<string, string | null>> = {
  'v26.0': null,
  'v25.0': '2028-07-29',
  'v24.0': '2028-02-18',
  'v23.0': '2027-10-08',
  'v22.0': '2027-05-20',
  'v21.0': '2027-01-21',
  'v20.0': '2026-09-24',
  'v19.0': '2026-05-21',
  'v18.0': '2026-01-26',
};

/** The version the Instagram and Facebook adapters use unless SVC_META_GRAPH_VERSION says otherwise. */
export const DEFAULT_META_GRAPH_VERSION = 'v23.0';

/** Warn this long before a version is retired. */
export const GRAPH_VERSION_WARNING_MS = 90 * 86_400_000;

/** Whether a value reads as a Graph API version, `v<major>.<minor>`. */
export function isGraphVersion(value: string): boolean {
  return /^v\d{1,3}\.\d$/.test(value);
}
