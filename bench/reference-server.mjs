// The reference: a bare Fastify JSON route, no plugins, no logging. The fastest this machine
// serves a request from Node; every polled read is reported as a ratio to it.
// Usage: node bench/reference-server.mjs <port>   (prints "listening <port>" when ready)
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const close = () => app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);

await app.listen({ port, host: '127.0.0.1' });
console.log(`listening ${app.server.address().port}`);
