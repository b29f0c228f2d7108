import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { type ImportEdge, importCycles } from './import-graph.js';

/** Core's folders that are not business areas: adapters for Node, and the fakes of `./testing`. */
const NOT_AREAS = new Set(['node', 'testing']);

/** Where a core file sits: its area (`posts`), or null for the root index and non-area folders. */
function placeOf(
  coreSrc: string,
  file: string,
): { area: string; layer: 'domain' | 'ports' | 'use-cases' | 'index' } | null {
  const parts = relative(coreSrc, file).split(sep);
  const area = parts[0] ?? '';
  if (parts.length < 2 || NOT_AREAS.has(area)) return null;
  if (parts.length === 2 && parts[1] === 'index.ts') return { area, layer: 'index' };
  const layer = parts[1] === 'ports' ? 'ports' : parts[1] === 'use-cases' ? 'use-cases' : 'domain';
  return { area, layer };
}

/**
 * The layering rules of docs/architecture.md over core's imports, one message per broken rule:
 * - another area is reached only through its `index.ts` (its contract), never its files;
 * - an area's domain (the files at its root) imports no ports and no use cases, of its own area or
 *   through another area's index a use case is never the point: domain depends on domain;
 * - `node/` and `testing/` reach areas through their indexes too;
 * - the root index only gathers area indexes.
 */
export function layeringViolations(
  coreSrc: string,
  files: readonly string[],
  edges: readonly ImportEdge[],
  knownBackEdges: Readonly<Record<string, string>> = KNOWN_TYPE_BACK_EDGES,
): string[] {
  const problems: string[] = [];
  const name = (f: string) => relative(coreSrc, f);
  for (const e of edges) {
    if (!e.from.startsWith(coreSrc) || !e.to.startsWith(coreSrc)) continue;
    const from = placeOf(coreSrc, e.from);
    const to = placeOf(coreSrc, e.to);
    const fromArea = relative(coreSrc, e.from).split(sep)[0];
    if (e.from === join(coreSrc, 'index.ts')) {
      if (to?.layer !== 'index')
        problems.push(`${name(e.from)} gathers ${name(e.to)}, which is not an area index`);
      continue;
    }
    if (!to) continue; // node/ and testing/ are leaves nobody in an area may import (checked below)
    const sameArea = fromArea === to.area;
    if (!sameArea && to.layer !== 'index')
      problems.push(`${name(e.from)} reaches into ${name(e.to)}: import ${to.area}/index.ts instead`);
    if (from?.layer === 'domain' && sameArea && (to.layer === 'ports' || to.layer === 'use-cases'))
      problems.push(`${name(e.from)} is domain and imports ${to.layer} (${name(e.to)})`);
  }
  for (const e of edges) {
    const from = placeOf(coreSrc, e.from);
    const target = relative(coreSrc, e.to).split(sep)[0] ?? '';
    if (from && e.to.startsWith(coreSrc) && NOT_AREAS.has(target) && !e.from.endsWith('.test.ts'))
      problems.push(`${name(e.from)} imports ${name(e.to)}: areas do not depend on ${target}/`);
  }
  const rootIndex = readFileSync(join(coreSrc, 'index.ts'), 'utf8');
  for (const line of rootIndex.split('\n').filter((l) => /^\s*export\b/.test(l)))
    if (!/^export \* from '\.\/[a-z-]+\/index\.js';$/.test(line))
      problems.push(`index.ts: "${line}" — the root index only gathers area indexes`);
  return problems.concat(areaCycles(coreSrc, files, edges, knownBackEdges));
}

/**
 * Type-only imports that point down the ladder's wrong way, each with the reason it is still there.
 * None today: the platform gateway port is split by area (accounts, publishing, analytics; the
 * whole gateway is composed in deps). The test fails when one appears (fix it, or list it here
 * with its reason) and when a listed one disappears (strike it).
 */
export const KNOWN_TYPE_BACK_EDGES: Readonly<Record<string, string>> = {};

/** The composition types every use case names its dependencies with (`Pick<CoreDeps, …>`). */
const COMPOSITION_AREA = 'deps';

/** Area-to-area edges: `from -> to` with whether any of them runs (is not type-only). */
export function areaEdges(coreSrc: string, edges: readonly ImportEdge[]): Map<string, { runs: boolean }> {
  const found = new Map<string, { runs: boolean }>();
  for (const e of edges) {
    const from = placeOf(coreSrc, e.from);
    const to = placeOf(coreSrc, e.to);
    if (!from || !to || from.area === to.area || e.from.endsWith('.test.ts')) continue;
    const key = `${from.area} -> ${to.area}`;
    found.set(key, { runs: (found.get(key)?.runs ?? false) || !e.typeOnly });
  }
  return found;
}

/**
 * Areas form a ladder: no loop among them, counting type imports, except the composition types
 * (imported type-only, never a value) and the known type-only back edges above.
 */
function areaCycles(
  coreSrc: string,
  files: readonly string[],
  edges: readonly ImportEdge[],
  knownBackEdges: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const index = (area: string) => join(coreSrc, area, 'index.ts');
  const ladder: ImportEdge[] = [];
  for (const [key, { runs }] of areaEdges(coreSrc, edges)) {
    const [from = '', to = ''] = key.split(' -> ');
    if (from === COMPOSITION_AREA || to === COMPOSITION_AREA) {
      if (runs) problems.push(`${key} runs: the composition types are imported with \`import type\` only`);
      continue;
    }
    if (key in knownBackEdges) {
      if (runs) problems.push(`${key} now runs: a known type-only back edge must stay type-only`);
      continue;
    }
    ladder.push({ from: index(from), to: index(to), typeOnly: false });
  }
  const present = areaEdges(coreSrc, edges);
  for (const key of Object.keys(knownBackEdges))
    if (!present.has(key)) problems.push(`${key} is gone: strike it from KNOWN_TYPE_BACK_EDGES`);
  const areas = [...new Set(files.map((f) => placeOf(coreSrc, f)?.area).filter((a) => a !== undefined))];
  const cycles = importCycles(areas.map(index), coreSrc, ladder);
  return problems.concat(
    cycles.map((cycle) => `areas import each other in a loop: ${cycle.map((c) => dirname(c)).join(' ⇄ ')}`),
  );
}
