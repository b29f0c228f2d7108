import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('createLogger', () => {
  it('writes JSON lines and censors fields named like credentials', () => {
    // In a child process, because the logger writes to the real stdout.
    const script = `
      const { createLogger } = await import(${JSON.stringify(join(import.meta.dirname, '../src/create-logger.ts'))});
      const logger = createLogger({ level: 'info', destination: 'stdout' });
      logger.info({ authorization: 'Bearer abc', key: 'svc_key_x', password: 'pw', headers: { authorization: 'Bearer def' }, requestId: 'r1' }, 'hello');
      logger.debug({}, 'not at info');
      logger.flush();
    `;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    const lines = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'hello',
      requestId: 'r1',
      authorization: '[redacted]',
      key: '[redacted]',
      password: '[redacted]',
      headers: { authorization: '[redacted]' },
    });
    expect(out.stdout).not.toMatch(/abc|def|svc_key_x|"pw"/);
  });

  it('writes every line of a burst whole and in order, lines longer than a chunk included', () => {
    // A burst queues lines behind a write in flight, in chunks of a bounded size; a line longer
    // than a chunk (10,000 two-byte characters) must still come out whole.
    const script = `
      const { createLogger } = await import(${JSON.stringify(join(import.meta.dirname, '../src/create-logger.ts'))});
      const logger = createLogger({ level: 'info', destination: 'stdout' });
      for (let i = 0; i < 500; i++) logger.info({ i, text: 'é'.repeat(i === 7 ? 10000 : 20) }, 'line');
    `;
    const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(out.stderr).toBe('');
    const lines = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i: number; text: string });
    expect(lines.map((l) => l.i)).toEqual([...Array(500).keys()]);
    expect(lines[7]?.text).toBe('é'.repeat(10000));
  });
});
