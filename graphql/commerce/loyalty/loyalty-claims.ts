import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { loyaltyPointsEarnedFor } from '#platform/loyalty/loyalty-programme.ts';
import type { CommerceCaller } from '../context.ts';
import {
  badUserInput,
  commerceError,
  loyaltyAlreadyClaimed,
  loyaltyClaimPeriodClosed,
  loyaltyEmailMismatch,
  loyaltyNoPoints,
} from '../errors.ts';
import { money, type MoneyInfo } from '../money.ts';
import { isOrderId } from '../order-ids.ts';
import { accrualKey, type LoyaltyLedger } from './loyalty-ledger.ts';

export type LoyaltyClaimState = 'CLAIMABLE' | 'CLAIMED' | 'EARNED' | 'CLOSED' | 'NO_POINTS';
export type LoyaltyPointsState = 'ON_THE_WAY' | 'POSTED' | 'REFUSED';

/** The schema's LoyaltyOrderClaim. */
export interface LoyaltyOrderClaim {
  orderId: string;
  eventId: string;
  eventName: { en: string; ar: string };
  completedAt: string | null;
  totalPrice: MoneyInfo;
  points: number;
  state: LoyaltyClaimState;
  claimsCloseAt: string | null;
  pointsState: LoyaltyPointsState | null;
  pointsPostAt: string | null;
}

/** A claim names at most this many orders: a page of orders, not a crafted list. */
export const CLAIM_ORDERS_LIMIT = 20;
/** The rewards page lists this many of the caller's orders, newest first. */
export const CLAIM_LIST_LIMIT = 50;

interface ClaimRow {
  id: string;
  event_id: string;
  name_en: string;
  name_ar: string;
  state: string;
  total: number;
  customer_email: string;
  completed_at: Date | string | null;
  claims_close_at: Date | string | null;
  accrual_source: 'PURCHASE' | 'CLAIM' | null;
  accrual_state: 'QUEUED' | 'ACCRUED' | 'REFUSED' | null;
  accrual_points: number | null;
  posts_at: Date | string | null;
}

const CLAIM_COLUMNS = sql`o.id, o.event_id, e.name_en, e.name_ar, o.state, o.total, lower(o.customer ->> 'email') as customer_email,
  o.completed_at, e.loyalty_claims_close_at as claims_close_at, a.source as accrual_source, a.state as accrual_state,
  a.points as accrual_points, a.posts_at`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const orderNotFound = (orderId: string) =>
  commerceError('NOT_FOUND', 404, 'No paid order with this id', { orderId: 'loyalty:errors.orderNotFound' }, { orderId });

/**
 * Claims of points for past orders (SPEC 2.4, 4.3, 6; decision 0039): the caller's own paid
 * orders, or any paid order bought with the caller's e-mail, whose event still takes claims. Each
 * order earns once, ever: by its purchase or by one claim (`loyalty_accruals`, keyed by order).
 */
export class LoyaltyClaims {
  constructor(
    private readonly db: Database,
    private readonly ledger: LoyaltyLedger,
    private readonly clock: () => Date,
  ) {}

  /** The caller's paid orders and the orders they claimed, newest first, each with where its points stand. */
  async list(caller: CommerceCaller): Promise<LoyaltyOrderClaim[]> {
    const rows = await queryRows<ClaimRow>(
      this.db,
      sql`select ${CLAIM_COLUMNS} from commerce.orders o
          join commerce.events e on e.id = o.event_id
          left join commerce.loyalty_accruals a on a.order_id = o.id
          where o.state = 'PAID' and (o.customer_id = ${caller.customerId} or a.claimed_by = ${caller.customerId})
          order by o.completed_at desc, o.id desc limit ${CLAIM_LIST_LIMIT}`,
    );
    return rows.map((row) => this.view(row));
  }

  /**
   * Claims the orders' points for `memberId`, all or none, in one transaction: every order locked
   * (in id order), checked, and recorded once; a second claim of an order, even at the same moment
   * in another tab, finds it recorded and is refused. The accruals go to the programme by their jobs.
   */
  async claim(caller: CommerceCaller, memberId: string, orderIds: readonly string[]): Promise<LoyaltyOrderClaim[]> {
    const ids = [...new Set(orderIds.map((id) => id.trim().toUpperCase()))].sort();
    if (ids.length === 0 || ids.length > CLAIM_ORDERS_LIMIT) throw badUserInput({ orderIds: 'loyalty:errors.chooseOrders' });
    if (!ids.every(isOrderId)) throw badUserInput({ orderId: 'loyalty:errors.orderIdFormat' });
    const email = caller.email?.toLowerCase();
    const now = this.clock();
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      for (const orderId of ids) {
        const [order] = await queryRows<ClaimRow>(
          tx,
          sql`select ${CLAIM_COLUMNS} from commerce.orders o
              join commerce.events e on e.id = o.event_id
              left join commerce.loyalty_accruals a on a.order_id = o.id
              where o.id = ${orderId} for update of o`,
        );
        if (!order || order.state !== 'PAID') throw orderNotFound(orderId);
        // SPEC 6: only orders bought with the signed-in account's e-mail.
        if (!email || order.customer_email !== email) throw loyaltyEmailMismatch(orderId);
        if (order.accrual_source) throw loyaltyAlreadyClaimed(orderId);
        if (order.claims_close_at && new Date(order.claims_close_at) <= now) throw loyaltyClaimPeriodClosed(orderId);
        const points = loyaltyPointsEarnedFor(order.total);
        if (points === 0) throw loyaltyNoPoints(orderId);
        const recorded = await this.ledger.recordAccrualIn(
          tx,
          { orderId, memberId, points, source: 'CLAIM', claimedBy: caller.customerId },
          now,
        );
        if (!recorded) throw loyaltyAlreadyClaimed(orderId);
      }
    });
    for (const orderId of ids) await this.ledger.runNow(accrualKey(orderId));
    const rows = await queryRows<ClaimRow>(
      this.db,
      sql`select ${CLAIM_COLUMNS} from commerce.orders o
          join commerce.events e on e.id = o.event_id
          left join commerce.loyalty_accruals a on a.order_id = o.id
          where o.id in ${ids} order by o.completed_at desc, o.id desc`,
    );
    return rows.map((row) => this.view(row));
  }

  private view(row: ClaimRow): LoyaltyOrderClaim {
    const now = this.clock();
    const earns = row.accrual_points ?? loyaltyPointsEarnedFor(row.total);
    const closed = row.claims_close_at !== null && new Date(row.claims_close_at) <= now;
    const state: LoyaltyClaimState = row.accrual_source
      ? row.accrual_source === 'PURCHASE'
        ? 'EARNED'
        : 'CLAIMED'
      : earns === 0
        ? 'NO_POINTS'
        : closed
          ? 'CLOSED'
          : 'CLAIMABLE';
    const pointsState: LoyaltyPointsState | null =
      row.accrual_state === null
        ? null
        : row.accrual_state === 'REFUSED'
          ? 'REFUSED'
          : row.accrual_state === 'ACCRUED' && row.posts_at && new Date(row.posts_at) <= now
            ? 'POSTED'
            : 'ON_THE_WAY';
    return {
      orderId: row.id,
      eventId: row.event_id,
      eventName: { en: row.name_en, ar: row.name_ar },
      completedAt: iso(row.completed_at),
      totalPrice: money(row.total),
      points: earns,
      state,
      claimsCloseAt: iso(row.claims_close_at),
      pointsState,
      pointsPostAt: iso(row.posts_at),
    };
  }
}
