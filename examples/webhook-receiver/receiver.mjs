// A webhook receiver in plain Node, no dependencies: it checks each delivery's Standard Webhooks
// signature with the subscription's secret and prints the event. Run it with the secret that
// POST /api/v1/webhooks answered:  SVC_WEBHOOK_SECRET=whsec_… node receiver.mjs
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const key = Buffer.from(process.env.SVC_WEBHOOK_SECRET.replace(/^whsec_/, ''), 'base64');
const port = Number(process.env.PORT ?? 4000);

function verified(headers, body) {
  const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures } = headers;
  // Older than five minutes (or from the future): a replay, refused.
  if (!id || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // Several signatures during a secret rotation: any one that matches will do.
  return String(signatures ?? '')
    .split(' ')
    .map((s) => Buffer.from(s.replace(/^v1,/, ''), 'base64'))
    .some((sig) => sig.length === expected.length && timingSafeEqual(sig, expected));
}

createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (!verified(req.headers, body)) return res.writeHead(400).end('bad signature');
    const event = JSON.parse(body);
    console.log(event.type, event.data.id, event.data.permalink ?? '');
    res.writeHead(204).end();
  });
}).listen(port, () => console.log(`listening on http://localhost:${port}`));
