// The sandbox simulator in a process of its own (forked by `startSimulatorProcess`), so a
// benchmark's publishers are measured without the simulator's CPU in their process. Answers its
// parent over the IPC channel: what was published, and the API calls and CPU time it has used.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox } from '@svc/sandbox';
import type { SimulatorAnswer, SimulatorQuestion } from './simulator-process.js';

const secret = process.env.SIMULATOR_SECRET ?? '';
const latencyMs = Number(process.env.SIMULATOR_LATENCY_MS ?? 0);

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const sandbox = createSandbox({ baseUrl, secret, latencyMs, fetchMedia: false });
let calls = 0;
server.on('request', (req, res) => {
  calls += 1;
  sandbox.handle(req, res);
});

const send = (answer: SimulatorAnswer) => process.send?.(answer);
process.on('message', (question: SimulatorQuestion) => {
  if (question.ask === 'published') {
    const captions = sandbox.control.published(question.platform).map((p) => p.caption);
    send({ id: question.id, captions: question.countOnly ? [] : captions, count: captions.length });
  } else {
    const cpu = process.cpuUsage();
    send({ id: question.id, calls, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
});
// The parent going away (a crashed benchmark) takes the simulator with it.
process.on('disconnect', () => server.close(() => process.exit(0)));
send({ id: 0, baseUrl });
