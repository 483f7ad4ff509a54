import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { bearerToken } from '#platform/bearer-token.ts';
import type { SiteMetrics } from '#platform/metrics.ts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `/metrics` for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>` (decision 0038): the
 * figures tell a competitor or an attacker how a sale goes and where the site strains. Both tokens
 * are hashed first, so the comparison takes the same time whatever their lengths.
 */
export function metricsEndpoint(metrics: SiteMetrics, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const given = bearerToken(req.get('authorization'));
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return void res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text').send('Unauthorized\n');
    }
    try {
      const { contentType, body } = await metrics.exposition();
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
