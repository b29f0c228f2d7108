import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One relative import of a source file: where it points and whether it survives compilation. */
export type ImportEdge = { readonly from: string; readonly to: string; readonly typeOnly: boolean };

/** Every `.ts` file below `dir`, tests included when `withTests`. */
export function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path, withTests);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) return [];
    return withTests || !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// `import …`/`export … from` statements, multi-line specifier lists included. Side-effect imports
// (`import './x.js'`) have no `from`; the second pattern takes them.
const FROM = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s+['"]([^'"]+)['"]/gms;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;

/** Whether every name of an import clause is marked `type` (the import is erased by tsc). */
function allTypes(clause: string): boolean {
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = (braces[1] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
}

/** The file a relative specifier resolves to (`./x.js` → `x.ts`, a folder → its `index.ts`). */
function resolveSpecifier(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec);
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** The relative imports of one file, resolved to files. */
export function importsOf(file: string, text = readFileSync(file, 'utf8')): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const m of text.matchAll(FROM)) {
    const [, , typeKeyword, clause = '', spec = ''] = m;
    if (!spec.startsWith('.')) continue;
    const to = resolveSpecifier(file, spec);
    if (to) edges.push({ from: file, to, typeOnly: Boolean(typeKeyword) || allTypes(clause.trim()) });
  }
  for (const m of text.matchAll(BARE)) {
    const spec = m[1] ?? '';
    const to = spec.startsWith('.') ? resolveSpecifier(file, spec) : undefined;
    if (to) edges.push({ from: file, to, typeOnly: false });
  }
  return edges;
}

/**
 * The import cycles among `files` over imports that run (type-only imports are erased and order
 * nothing), each as a list of files relative to `root`. Tarjan's strongly connected components.
 */
export function importCycles(
  files: readonly string[],
  root: string,
  edges = files.flatMap((f) => importsOf(f)),
) {
  const next = new Map<string, string[]>();
  for (const e of edges) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack.delete(w);
      component.push(relative(root, w));
    } while (w !== v);
    if (component.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return cycles;
}
