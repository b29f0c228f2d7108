import type { SandboxRequest } from '../shared/sandbox-router.js';

/** A time as Graph writes it: `2025-01-31T12:00:00+0000`. */
export function graphTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

/**
 * The top-level names of a `fields` parameter. Nested selections and modifiers
 * (`status{video_status}`, `reactions.summary(true)`) are reduced to their field name.
 */
export function parseFields(fields: string): string[] {
  return splitFields(fields)
    .map((n) => (n.split('.')[0] ?? '').trim())
    .filter((n) => n !== '');
}

/**
 * The field expansions of a `fields` parameter: each top-level name with its modifiers, e.g.
 * `reactions.summary(total_count).limit(0)` → `reactions` → {summary: 'total_count', limit: '0'}.
 */
export function fieldModifiers(fields: string): Map<string, Map<string, string>> {
  const expansions = new Map<string, Map<string, string>>();
  for (const spec of splitFields(fields, true)) {
    const name = /^\s*([\w]+)/.exec(spec)?.[1];
    if (name === undefined) continue;
    const modifiers = new Map<string, string>();
    for (const match of spec.matchAll(/\.(\w+)\(([^)]*)\)/g)) {
      modifiers.set(match[1] ?? '', (match[2] ?? '').trim());
    }
    expansions.set(name, modifiers);
  }
  return expansions;
}

// The top-level items of a field list; nested parts are dropped unless `keepNested`.
function splitFields(fields: string, keepNested = false): string[] {
  const names: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of fields) {
    if (char === '{' || char === '(') depth++;
    else if (char === '}' || char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      names.push(current);
      current = '';
      continue;
    }
    if (keepNested || (depth === 0 && char !== '}' && char !== ')')) current += char;
  }
  names.push(current);
  return names;
}

/**
 * The requested fields of an object, `defaults` when none are requested. Like Graph, `id` is
 * always included and fields without a value are left out. Unknown field names are ignored
 * rather than refused, so an adapter asking for a field the sandbox does not model still works.
 */
export function selectFields(
  object: Readonly<Record<string, unknown>>,
  fields: string | undefined,
  defaults: readonly string[] = ['id'],
): Record<string, unknown> {
  const names = fields === undefined || fields.trim() === '' ? defaults : parseFields(fields);
  const selected: Record<string, unknown> = {};
  for (const name of ['id', ...names]) {
    const value = object[name];
    if (value !== undefined && value !== null) selected[name] = value;
  }
  return selected;
}

/** A boolean parameter as Graph reads it (`true`/`1`/`false`/`0`); `fallback` when absent or unreadable. */
export function flag(request: SandboxRequest, name: string, fallback: boolean): boolean {
  const value = request.input.get(name)?.toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return fallback;
}

/**
 * One page of a list with Graph's cursor paging: `limit` (default 25, at most 100) and `after`.
 * `baseUrl` is the server's public base, used for the `next` link.
 */
export function pageOf<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  request: SandboxRequest,
  baseUrl: string,
): { data: T[]; paging: Record<string, unknown> } {
  const limit = Math.min(100, Math.max(1, Number.parseInt(request.input.get('limit') ?? '25', 10) || 25));
  const after = request.input.get('after');
  const afterId = after === undefined ? null : Buffer.from(after, 'base64url').toString('utf8');
  const start = afterId === null ? 0 : items.findIndex((item) => idOf(item) === afterId) + 1;
  const data = items.slice(start, start + limit);
  const first = data[0];
  const last = data[data.length - 1];
  if (first === undefined || last === undefined) return { data, paging: {} };
  const cursor = (item: T) => Buffer.from(idOf(item)).toString('base64url');
  const paging: Record<string, unknown> = { cursors: { before: cursor(first), after: cursor(last) } };
  if (start + limit < items.length) {
    const next = new URL(`${baseUrl}${request.path}`);
    for (const [name, value] of request.url.searchParams) next.searchParams.set(name, value);
    next.searchParams.set('limit', String(limit));
    next.searchParams.set('after', cursor(last));
    paging.next = next.toString();
  }
  return { data, paging };
}
