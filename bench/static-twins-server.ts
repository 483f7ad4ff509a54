/**
 * Each page's static twin, as issue 21 measures pages against: the page's bytes saved as a file and
 * served by Express's static middleware, in a process of its own. A page served from the cache
 * should cost little more than its twin; a rendered one, a known fraction of it.
 *
 *   node bench/static-twins-server.ts <folder> <port>
 */
import express from 'express';

const [folder, port] = process.argv.slice(2);
if (!folder || !port) {
  console.error('Usage: node bench/static-twins-server.ts <folder> <port>');
  process.exit(2);
}

const app = express();
app.get('/healthz', (_req, res) => void res.send('ok'));
app.use(express.static(folder, { index: false }));
const server = app.listen(Number(port), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
