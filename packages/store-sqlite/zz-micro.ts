import Database from 'better-sqlite3';

const db = new Database('/tmp/svc-prof-rTRNLJ/svc.db', { timeout: 5000 });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const key = db.prepare('SELECT id FROM api_keys').pluck().get();
const user = db.prepare('SELECT id FROM users').pluck().get();
const post = db.prepare('SELECT id FROM posts').pluck().get();
const qk = db.prepare('SELECT * FROM api_keys WHERE id = ?');
const qu = db.prepare('SELECT * FROM users WHERE id = ?');
const qp = db.prepare('SELECT * FROM posts WHERE id = ?');
const t = { k: 0n, u: 0n, p: 0n };
const junk: unknown[] = [];
for (let i = 0; i < 50000; i++) {
  // simulate the rest of a request touching memory between queries
  junk.push(JSON.parse(JSON.stringify({ a: 'x'.repeat(200), b: [1, 2, 3], i })));
  if (junk.length > 1000) junk.length = 0;
  let s = process.hrtime.bigint();
  qk.get(key);
  t.k += process.hrtime.bigint() - s;
  s = process.hrtime.bigint();
  qu.get(user);
  t.u += process.hrtime.bigint() - s;
  s = process.hrtime.bigint();
  qp.get(post);
  t.p += process.hrtime.bigint() - s;
}
console.log(
  'key',
  Number(t.k / 50000n) / 1000,
  'us; user',
  Number(t.u / 50000n) / 1000,
  'us; post',
  Number(t.p / 50000n) / 1000,
  'us',
);
const big = db.prepare('SELECT count(*) FROM posts').pluck().get();
console.log('posts', big, 'wal pages', db.pragma('wal_checkpoint(PASSIVE)'));
