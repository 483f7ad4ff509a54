import { sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';

/**
 * Outside production, one event of the demo catalogue whose claim period has closed (SPEC 4.3:
 * "the claim-points period can be closed"), so the rewards page shows one. Set once: an event whose
 * period someone changed keeps it.
 */
export const DEMO_CLOSED_CLAIMS = { eventId: 'evt_forum_2027', closedAt: '2026-11-01T21:00:00Z' } as const;

export async function seedDemoClaimPeriods(db: Database): Promise<void> {
  await db.execute(
    sql`update commerce.events set loyalty_claims_close_at = ${DEMO_CLOSED_CLAIMS.closedAt}
        where id = ${DEMO_CLOSED_CLAIMS.eventId} and loyalty_claims_close_at is null`,
  );
}
