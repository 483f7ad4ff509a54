import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from '#platform/logger.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * One log line per request with a request id (taken from a trusted proxy's X-Request-Id when it
 * looks like one, otherwise new), echoed in the response so a visitor can quote it. Cookies,
 * authorization headers and tokens are redacted by the logger itself.
 */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || Boolean(req.url?.startsWith('/assets/')) },
    quietReqLogger: true,
    // What a request line needs to be found and understood; the headers stay out of the logs.
    serializers: {
      req: (req: { method: string; url: string; headers: Record<string, string>; remoteAddress?: string }) => ({
        method: req.method,
        // The preview link carries the preview secret (SPEC 1, 6).
        url: req.url.replace(/([?&]secret=)[^&#]*/gi, '$1[redacted]'),
        userAgent: req.headers['user-agent'],
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
