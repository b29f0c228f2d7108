// The baseline of the REST benchmark: Koa answering a small JSON body, nothing else.
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = { id: 'post_01JBASELINE0000000000000000', status: 'scheduled', caption: 'Hello' };
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
