import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Request, Response } from 'express';
import type { PageContext } from '../../page.ts';

/**
 * "My schedule" (docs/decisions/0010-my-schedule.md): a guest's marks live in a signed cookie,
 * a signed-in visitor's in the user service. The first time a signed-in visitor's request reads
 * the schedule while the cookie still holds marks, those are merged into the account and the
 * cookie is cleared, so marks made before signing in are kept.
 */

export const SCHEDULE_COOKIE = 'nabd.schedule';
/** A cookie holds about 4 KB: enough for a festival's worth of marks, and no more. */
export const GUEST_SCHEDULE_LIMIT = 60;
const SCHEDULE_COOKIE_DAYS = 365; // SPEC 9.3: cookie storage default expiry, 365 days.
const CONTENT_ID = /^[a-z0-9-]{1,120}$/;

const MY_SCHEDULE: TypedDocumentNode<{ mySchedule: string[] }, Record<string, never>> = gql`
  query MySchedule {
    mySchedule
  }
`;

const MARK_PERFORMANCE: TypedDocumentNode<{ markPerformance: string[] }, { performanceId: string; marked: boolean }> = gql`
  mutation MarkPerformance($performanceId: ID!, $marked: Boolean!) {
    markPerformance(performanceId: $performanceId, marked: $marked)
  }
`;

const MERGE_SCHEDULE: TypedDocumentNode<{ mergeSchedule: string[] }, { performanceIds: string[] }> = gql`
  mutation MergeSchedule($performanceIds: [ID!]!) {
    mergeSchedule(performanceIds: $performanceIds)
  }
`;

/** The guest's marks: performance ids joined by dots (ids are [a-z0-9-], so nothing needs escaping). */
export function guestMarks(req: Request): string[] {
  const raw = req.signedCookies?.[SCHEDULE_COOKIE];
  if (typeof raw !== 'string' || !raw) return [];
  return [...new Set(raw.split('.').filter((id) => CONTENT_ID.test(id)))].slice(0, GUEST_SCHEDULE_LIMIT);
}

function storeGuestMarks(res: Response, marks: string[]) {
  const options = { signed: true, httpOnly: true, sameSite: 'lax', path: '/' } as const;
  if (marks.length) res.cookie(SCHEDULE_COOKIE, marks.join('.'), { ...options, maxAge: SCHEDULE_COOKIE_DAYS * 86_400_000 });
  else res.clearCookie(SCHEDULE_COOKIE, options);
}

/**
 * The visitor's marked performance ids; a signed-in visitor's guest marks are merged into the
 * account first. The schedule is an extra: if the user service fails, the page still shows, with
 * the marks this browser holds.
 */
export async function readSchedule({ req, res, services, accessToken }: PageContext): Promise<string[]> {
  const pending = guestMarks(req);
  try {
    const token = await accessToken();
    if (!token) return pending;
    if (pending.length) {
      const { mergeSchedule } = await services.user.mutate(MERGE_SCHEDULE, { performanceIds: pending }, { accessToken: token });
      storeGuestMarks(res, []);
      return mergeSchedule;
    }
    return (await services.user.query(MY_SCHEDULE, {}, { accessToken: token })).mySchedule;
  } catch (error) {
    req.log.warn({ err: error }, 'My schedule could not be read');
    return pending;
  }
}

/**
 * Marks or unmarks one performance. Returns false when a guest's schedule is full (the visitor is
 * told to sign in to keep more).
 */
export async function markPerformance(context: PageContext, performanceId: string, marked: boolean): Promise<boolean> {
  const token = await context.accessToken();
  if (token) {
    const pending = guestMarks(context.req);
    if (pending.length) {
      await context.services.user.mutate(MERGE_SCHEDULE, { performanceIds: pending }, { accessToken: token });
      storeGuestMarks(context.res, []);
    }
    await context.services.user.mutate(MARK_PERFORMANCE, { performanceId, marked }, { accessToken: token });
    return true;
  }
  const current = guestMarks(context.req).filter((id) => id !== performanceId);
  if (marked && current.length >= GUEST_SCHEDULE_LIMIT) return false;
  storeGuestMarks(context.res, marked ? [...current, performanceId] : current);
  return true;
}
