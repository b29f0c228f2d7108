/** One sample of a scrape: a metric name, its labels and its value. */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/**
 * Parses Prometheus' text exposition format (version 0.0.4) into samples; comments and blank
 * lines are skipped, a line that is neither fails the parse, so a malformed scrape fails the test.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (match === null) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) {
      labels[key as string] = (raw as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1] as string, labels, value: sampleValue(match[3] as string) });
  }
  return samples;
}

function sampleValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/**
 * The sum of the samples named `name` whose labels include `labels` (0 when there is none): a
 * counter across the labels left out, a histogram's `_count` or `_sum`, a gauge's one value.
 */
export function sampleSum(
  samples: readonly Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

/** The samples named `name`, for assertions on which label sets exist. */
export function samplesOf(samples: readonly Sample[], name: string): Sample[] {
  return samples.filter((s) => s.name === name);
}
