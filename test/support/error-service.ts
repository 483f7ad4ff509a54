import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope the SDK sent: its header and its payload, parsed. */
export interface EnvelopeItem {
  header: { type: string } & Record<string, unknown>;
  payload: any;
}

/**
 * A stand-in for the error-reporting service's ingestion endpoint on 127.0.0.1: it takes the
 * envelopes the SDK posts to `/api/<project>/envelope/` and keeps them, raw and parsed, for the
 * test to read. The DSN points the SDK at it.
 */
export interface ErrorService {
  dsn: string;
  /** Every request received, raw body included: what left the process, byte for byte. */
  requests: { path: string; body: string }[];
  /** The error events received, in order. */
  events(): any[];
  /** Resolves once `count` error events have arrived, or fails after `timeoutMs`. */
  eventsArrived(count: number, timeoutMs?: number): Promise<any[]>;
  /** The first error event that `matches`, once it has arrived; fails after `timeoutMs`. */
  eventArrived(matches: (event: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): Promise<void>;
}

export async function startErrorService(): Promise<ErrorService> {
  const requests: { path: string; body: string }[] = [];
  const items: EnvelopeItem[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      requests.push({ path: req.url ?? '', body });
      const lines = body.split('\n').filter(Boolean);
      for (let index = 1; index + 1 < lines.length; index += 2) {
        items.push({ header: JSON.parse(lines[index]!), payload: JSON.parse(lines[index + 1]!) });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const events = () => items.filter((item) => item.header.type === 'event').map((item) => item.payload);
  return {
    dsn: `http://0123456789abcdef@127.0.0.1:${port}/42`,
    requests,
    events,
    async eventsArrived(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events().length < count) {
        if (Date.now() > deadline) throw new Error(`${events().length} of ${count} error events arrived in ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return events();
    },
    async eventArrived(matches, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events().find(matches);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No matching error event in ${timeoutMs} ms, among ${events().length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
