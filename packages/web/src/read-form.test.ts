import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readForm } from './read-form.js';

const post = (contentType: string, body: string) =>
  Object.assign(Readable.from([Buffer.from(body)]), {
    headers: { 'content-type': contentType },
  }) as never as IncomingMessage;

describe('readForm', () => {
  it('reads an urlencoded form', async () => {
    const form = await readForm(post('application/x-www-form-urlencoded; charset=UTF-8', 'a=1&b=x+y'), 1024);
    expect(form?.get('a')).toBe('1');
    expect(form?.get('b')).toBe('x y');
  });

  it('answers null for another content type or a body over the limit', async () => {
    expect(await readForm(post('application/json', '{}'), 1024)).toBeNull();
    expect(
      await readForm(post('application/x-www-form-urlencoded', 'a='.padEnd(2000, 'x')), 1024),
    ).toBeNull();
  });
});
