// The reference: a bare Fastify JSON route, no plugins, no logging. The fastest this machine
// serves a request from Node; every polled read is reported as a ratio to it. `/sized/<bytes>`
// answers a ready-made JSON body of exactly that size, so a large read (the teams list) can also be
// compared with the same bytes on the wire.
// Usage: node bench/reference-server.mjs <port>   (prints "listening <port>" when ready)
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const sizedBodies = new Map();
app.get('/sized/:bytes', async (request, reply) => {
  const bytes = Math.max(12, Math.min(Number(request.params.bytes) || 0, 10_000_000));
  if (!sizedBodies.has(bytes)) sizedBodies.set(bytes, JSON.stringify({ pad: 'x'.repeat(bytes - 10) }));
  return reply.type('application/json; charset=utf-8').send(sizedBodies.get(bytes));
});

const close = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
