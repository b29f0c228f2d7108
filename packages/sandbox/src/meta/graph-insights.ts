import { invalidParameter } from '../shared/graph-error.js';
import { jsonReply, type Reply } from '../shared/http-io.js';
import type { SandboxRequest } from '../shared/sandbox-router.js';

/** How Graph titles and describes a metric in an insights answer. */
export type MetricWording = { readonly title: string; readonly description: string };

/**
 * The metric names of a Graph insights call (`metric=a,b`, duplicates dropped), each checked
 * against `known` (every name the platform accepts, simulated or not). A missing list answers
 * `fallback` when given, else code 100; an unknown name is code 100 naming the accepted values,
 * as Graph words it.
 */
export function requestedMetrics(
  r: SandboxRequest,
  known: readonly string[],
  fallback?: readonly string[],
): string[] {
  const names = [
    ...new Set(
      (r.input.get('metric') ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== ''),
    ),
  ];
  if (names.length === 0) {
    if (fallback !== undefined) return [...fallback];
    throw invalidParameter('The parameter metric is required');
  }
  names.forEach((name, index) => {
    if (!known.includes(name)) {
      throw invalidParameter(`metric[${index}] must be one of the following values: ${known.join(', ')}`);
    }
  });
  return names;
}

/**
 * A Graph insights answer: `{"data":[{"name","period":"lifetime","values":[{"value"}],"title",
 * "description","id"}]}` with one entry per metric that has a value; metrics without data are
 * left out (an empty list when none has), never answered as 0.
 */
export function insightsReply(
  objectId: string,
  edge: string,
  values: ReadonlyMap<string, number>,
  wording: Readonly<Record<string, MetricWording>>,
): Reply {
  const data = [...values].map(([name, value]) => ({
    name,
    period: 'lifetime',
    values: [{ value }],
    title: wording[name]?.title ?? name,
    description: wording[name]?.description ?? '',
    id: `${objectId}/${edge}/${name}/lifetime`,
  }));
  return jsonReply(200, { data });
}
