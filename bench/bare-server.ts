// Baseline: a bare Fastify route answering a fixed JSON document (serialized per request, as the server
// does; no auth, no database), in its own process like the real server. Started by server-process.ts
// with BARE_BODY_FILE and PORT.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body: unknown = JSON.parse(readFileSync(process.env.BARE_BODY_FILE!, 'utf8'));
const app = Fastify();
app.get('/bare', async () => body);
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
