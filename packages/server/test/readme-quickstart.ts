import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The repository's root, where the README is and where its commands run. */
export const REPOSITORY_ROOT = join(import.meta.dirname, '../../..');

const run = promisify(execFile);

/** The README's text. */
export function readme(): string {
  return readFileSync(join(REPOSITORY_ROOT, 'README.md'), 'utf8');
}

/** The contents of every ```sh block of a Markdown text, in order. */
export function shellBlocks(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => (m[1] ?? '').trim());
}

/** The commands of the README's quick-start block (the one marked `<!-- quickstart`), one per line. */
export function quickstartCommands(): string[] {
  const after = readme().split('<!-- quickstart')[1] ?? '';
  return (shellBlocks(after)[0] ?? '').split('\n').filter((line) => line.trim() !== '');
}

/**
 * Runs commands as written in one bash from the repository root, against the server at `url`
 * instead of localhost:3000, and answers each one's output (trimmed), then the values of the shell
 * variables named in `keep` (what the commands exported, such as the key).
 */
export async function runCommands(
  commands: readonly string[],
  url: string,
  env: Record<string, string>,
  keep: readonly string[] = [],
): Promise<{ outputs: string[]; variables: Record<string, string> }> {
  const script = [
    'set -euo pipefail',
    ...commands.flatMap((c) => [c.replaceAll('http://localhost:3000', url), 'echo "@@@"']),
    ...keep.map((name) => `printf '%s=%s\\n' ${name} "$${name}"`),
  ].join('\n');
  const { stdout } = await run('bash', ['-c', script], {
    cwd: REPOSITORY_ROOT,
    env: { ...process.env, ...env },
  });
  const parts = stdout.split('@@@\n');
  const variables = Object.fromEntries(
    (parts.pop() ?? '')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { outputs: parts.map((o) => o.trim()), variables };
}
