import type { Response } from 'express';

/**
 * Who may keep a response (decision 0014). Pages are `shared` unless something in the request made
 * them depend on the visitor (`private`: a signed-in visitor, a flash message, a guest's marks) or
 * made them unfit for any cache (`no-store`: preview mode, form fragments). Whatever runs during a
 * request may only make the policy stricter; the renderer turns it into Cache-Control at the end.
 */
export type CachePolicy = 'shared' | 'private' | 'no-store';

const STRICTNESS: Record<CachePolicy, number> = { shared: 0, private: 1, 'no-store': 2 };

export function restrictCaching(res: Response, policy: Exclude<CachePolicy, 'shared'>): void {
  const current = cachePolicyOf(res);
  if (STRICTNESS[policy] > STRICTNESS[current]) res.locals.cachePolicy = policy;
}

export const cachePolicyOf = (res: Response): CachePolicy => (res.locals.cachePolicy as CachePolicy | undefined) ?? 'shared';
