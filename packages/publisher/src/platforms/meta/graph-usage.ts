/**
 * Meta's rate-limit usage as one answer reports it (rate-limiting page): the highest percentage
 * of `call_count`, `total_cputime` and `total_time` in `X-App-Usage` (the app), and in
 * `X-Page-Usage` and `X-Business-Use-Case-Usage` (the Page or Instagram account the token acts
 * for), with the longest `estimated_time_to_regain_access` (minutes in the header).
 */
export type GraphUsage = {
  /** Highest app-wide percentage, null when the answer had no `X-App-Usage`. */
  readonly app: number | null;
  /** Highest percentage for the token's Page or account, null without those headers. */
  readonly account: number | null;
  /** Meta's estimate of when access returns, in ms; null when none is given (or 0). */
  readonly regainAccessMs: number | null;
};

type Headers = Readonly<Record<string, string | string[] | undefined>>;

const PERCENT_FIELDS = ['call_count', 'total_cputime', 'total_time'] as const;

/** Reads the three usage headers of an answer, success or error; null when none is present. */
export function readGraphUsage(headers: Headers): GraphUsage | null {
  const app = parse(headers['x-app-usage']);
  const page = parse(headers['x-page-usage']);
  const buc = parse(headers['x-business-use-case-usage']);
  if (app === undefined && page === undefined && buc === undefined) return null;
  // The BUC header maps business ids to lists of entries; the others are one flat object.
  const bucEntries =
    buc !== null && typeof buc === 'object'
      ? Object.values(buc).flatMap((entries) => (Array.isArray(entries) ? entries : []))
      : [];
  const accountEntries = [...(page === undefined ? [] : [page]), ...bucEntries];
  const minutes = [app, ...accountEntries]
    .map((entry) => numberField(entry, 'estimated_time_to_regain_access'))
    .filter((value): value is number => value !== null && value > 0);
  return {
    app: app === undefined ? null : highest([app]),
    account: accountEntries.length === 0 ? null : highest(accountEntries),
    regainAccessMs: minutes.length === 0 ? null : Math.max(...minutes) * 60_000,
  };
}

function highest(entries: readonly unknown[]): number {
  const values = entries.flatMap((entry) => PERCENT_FIELDS.map((field) => numberField(entry, field) ?? 0));
  return Math.max(0, ...values);
}

function numberField(entry: unknown, field: string): number | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const value = Number((entry as Record<string, unknown>)[field]);
  return Number.isFinite(value) ? value : null;
}

// undefined: no header; null: a header we could not read (ignored, like a missing one).
function parse(header: string | string[] | undefined): unknown {
  if (typeof header !== 'string') return undefined;
  try {
    return JSON.parse(header) as unknown;
  } catch {
    return undefined;
  }
}
