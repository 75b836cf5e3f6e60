// The baseline of the list benchmark: a bare Fastify hello route in a process of its own.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ hello: 'world' }));
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log(`listening ${address}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => app.close().then(() => process.exit(0)));
