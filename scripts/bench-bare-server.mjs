// The reference of the throughput measurements in `npm run bench`: a bare
// Fastify server answering GET routes with fixed JSON from memory, in a
// process of its own (so it does not share an event loop with the load
// generator). Usage: node scripts/bench-bare-server.mjs routes.json, where
// routes.json maps a path (with its query) to the JSON body; prints the port.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const routes = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const app = Fastify();
const byUrl = new Map(Object.entries(routes).map(([url, body]) => [url, JSON.parse(body)]));
const paths = new Set([...byUrl.keys()].map((url) => url.split('?')[0]));
// The object is serialized on every request, as our routes do.
for (const p of paths) app.get(p, async (request, reply) => byUrl.get(request.url) ?? reply.code(404).send());
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${app.server.address().port}\n`);
