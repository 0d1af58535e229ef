// `npm start`: builds what is out of date (web app, server bundle:
// scripts/build.mjs), then runs the server. The server migrates the database,
// loads the demo content into an empty one, and serves everything on
// http://localhost:$PORT (3000).
import path from 'node:path';
import { buildStale } from './build.mjs';

const status = buildStale();
if (status !== 0) process.exit(status);

await import(path.resolve(import.meta.dirname, '../server/dist/main.js'));
