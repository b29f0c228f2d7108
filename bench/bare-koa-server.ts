// The baseline of the REST benchmark: Koa answering a small JSON body, nothing else. For the
// calibration ladder (bench/rest-api.ts), BENCH_ANSWER gives the body and headers to answer with
// instead (a real GET's answer) and BENCH_WORK_US a busy wait before each answer, standing for
// that many microseconds of work per request.
import Koa from 'koa';

type Answer = { headers: Record<string, string>; body: unknown };

const answer: Answer =
  process.env.BENCH_ANSWER === undefined
    ? { headers: {}, body: { id: 'post_01JBASELINE0000000000000000', status: 'scheduled', caption: 'Hello' } }
    : (JSON.parse(process.env.BENCH_ANSWER) as Answer);
const workMs = Number(process.env.BENCH_WORK_US ?? 0) / 1000;

const app = new Koa();
app.use((ctx) => {
  const until = performance.now() + workMs;
  while (performance.now() < until) {
    // the work a request stands for
  }
  ctx.set(answer.headers);
  ctx.body = answer.body;
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
