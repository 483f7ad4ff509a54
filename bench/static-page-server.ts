/**
 * The benchmark's ceiling: a page's bytes, saved once, served by Node's HTTP server doing nothing
 * else. Whatever the site spends beyond this is routing, loading and rendering.
 *
 *   node bench/static-page-server.ts <file.html> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  console.error('Usage: node bench/static-page-server.ts <file.html> <port>');
  process.exit(2);
}

// Read once and held in memory, as a static file server's cache (or the OS page cache) would.
const page = readFileSync(file);
const server = createServer((req, res) => {
  if (req.url === '/healthz') return void res.end('ok');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
  res.end(page);
});
server.listen(Number(port), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
