import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ImportEdge, importCycles, importsOf, sourceFiles } from './import-graph.js';
import { layeringViolations } from './layering.js';

// The layering rules of docs/architecture.md, checked on the real files, and shown to fail on
// deliberately broken trees so a rule that cannot fail is caught here too.
const ROOT = join(import.meta.dirname, '..');
const CORE_SRC = join(ROOT, 'packages/core/src');

/** Within a core area and in every other package a cycle counts type imports; between areas the ladder rules. */
function fileCycles(srcDir: string, files: readonly string[]): string[][] {
  const areaOf = (f: string) => (f.startsWith(CORE_SRC) ? relative(CORE_SRC, f).split(sep)[0] : '');
  const edges: ImportEdge[] = files
    .flatMap((f) => importsOf(f))
    .filter((e) => !e.typeOnly || areaOf(e.from) === areaOf(e.to))
    .map((e) => ({ ...e, typeOnly: false }));
  return importCycles(files, srcDir, edges);
}

describe('layering', () => {
  it('no package has an import cycle in its sources (type imports count, except between core areas)', () => {
    for (const pkg of readdirSync(join(ROOT, 'packages'))) {
      const src = join(ROOT, 'packages', pkg, 'src');
      expect(fileCycles(src, sourceFiles(src, true)), pkg).toEqual([]);
    }
  });

  it('core keeps its layering: areas through their indexes, domain free of ports and use cases, a ladder of areas', () => {
    const files = sourceFiles(CORE_SRC, true);
    expect(
      layeringViolations(
        CORE_SRC,
        files,
        files.flatMap((f) => importsOf(f)),
      ),
    ).toEqual([]);
  });

  describe('fails on a broken tree', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'svc-layering-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    /** A small core: kernel below posts, posts with its domain, ports and use cases. */
    function tree(name: string, extra: Record<string, string>): string {
      const src = join(scratch, name);
      const files: Record<string, string> = {
        'index.ts': "export * from './kernel/index.js';\nexport * from './posts/index.js';\n",
        'kernel/index.ts': "export { type Clock } from './clock.js';\n",
        'kernel/clock.ts': 'export type Clock = { now(): Date };\n',
        'posts/index.ts':
          "export { type Post } from './post.js';\nexport { type PostStore } from './ports/post-store.js';\nexport { createPost } from './use-cases/create-post.js';\n",
        'posts/post.ts': 'export type Post = { id: string };\n',
        'posts/ports/post-store.ts':
          "import type { Post } from '../post.js';\nexport type PostStore = { save(p: Post): Promise<void> };\n",
        'posts/use-cases/create-post.ts':
          "import type { Clock } from '../../kernel/index.js';\nimport type { PostStore } from '../ports/post-store.js';\nexport const createPost = (c: Clock, s: PostStore) => s.save({ id: String(c.now()) });\n",
        ...extra,
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(src, path)), { recursive: true });
        writeFileSync(join(src, path), text);
      }
      return src;
    }
    const check = (src: string) => {
      const files = sourceFiles(src, true);
      const edges = files.flatMap((f) => importsOf(f));
      return { violations: layeringViolations(src, files, edges, {}), cycles: fileCycles(src, files) };
    };

    it('the sound tree passes', () => {
      expect(check(tree('sound', {}))).toEqual({ violations: [], cycles: [] });
    });

    it('a cycle between two files', () => {
      const src = tree('cycle', {
        'posts/post.ts':
          "import { rule } from './post-rule.js';\nexport type Post = { id: string };\nexport const r = rule;\n",
        'posts/post-rule.ts':
          "import type { Post } from './post.js';\nexport const rule = (p: Post) => p.id;\n",
      });
      expect(check(src).cycles).toEqual([['posts/post-rule.ts', 'posts/post.ts']]);
    });

    it('a back arrow: the kernel importing an area', () => {
      const src = tree('back-arrow', {
        'kernel/clock.ts':
          "import type { Post } from '../posts/index.js';\nexport type Clock = { now(): Date; last?: Post };\n",
      });
      expect(check(src).violations).toEqual(['areas import each other in a loop: kernel ⇄ posts']);
    });

    it('reaching into another area past its index', () => {
      const src = tree('internals', {
        'kernel/clock.ts':
          "import type { PostStore } from '../posts/ports/post-store.js';\nexport type Clock = { now(): Date; s?: PostStore };\n",
      });
      expect(check(src).violations).toContain(
        'kernel/clock.ts reaches into posts/ports/post-store.ts: import posts/index.ts instead',
      );
    });

    it('domain importing a port of its area', () => {
      const src = tree('domain-port', {
        'posts/post.ts':
          "import type { PostStore } from './ports/post-store.js';\nexport type Post = { id: string; s?: PostStore };\n",
      });
      expect(check(src).violations).toContain(
        'posts/post.ts is domain and imports ports (posts/ports/post-store.ts)',
      );
    });

    it('the root index exporting a file instead of gathering areas', () => {
      const src = tree('root-index', {
        'index.ts': "export * from './kernel/index.js';\nexport { type Post } from './posts/post.js';\n",
      });
      expect(check(src).violations.join('\n')).toMatch(/root index only gathers area indexes/);
    });
  });
});
