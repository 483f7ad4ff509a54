import { sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { LoyaltyRefusal, LoyaltyUnavailable, type LoyaltyProgramme } from '#platform/loyalty/loyalty-programme.ts';
import { cartTotals } from '../cart-rules.ts';
import type { CartStore } from '../carts.ts';
import type { Catalogue } from '../catalogue.ts';
import type { CommerceCaller } from '../context.ts';
import {
  cartNotActive,
  loyaltyBurnFailed,
  loyaltyPointsLimit,
  loyaltyUnavailable,
  loyaltyVerificationRequired,
  notFound,
} from '../errors.ts';

/**
 * A cart's loyalty points (SPEC 2.4, 5, 7.2 `loyaltyCreateDiscount` / `loyaltyDeleteDiscount`;
 * decision 0039). Adding points checks with the programme that the verification is the linked
 * member's, live, and that the balance holds them; nothing is burned until the order is placed,
 * and the programme decides then. The cart row is locked while its points change, like any
 * cart update, and its version goes up.
 */
export class CartPoints {
  constructor(
    private readonly db: Database,
    private readonly carts: CartStore,
    private readonly catalogue: Catalogue,
    private readonly programme: LoyaltyProgramme,
  ) {}

  /** The cart must be the caller's and active; checked before the programme is asked anything. */
  async assertOpen(caller: CommerceCaller, cartId: string, eventId: string): Promise<void> {
    const cart = await this.carts.find(caller, cartId, eventId);
    if (!cart) throw notFound('Cart');
    if (cart.state !== 'ACTIVE') throw cartNotActive();
  }

  async apply(
    caller: CommerceCaller,
    input: { cartId: string; eventId: string; points: number; verificationToken: string; memberId: string },
    now: Date,
  ): Promise<void> {
    // The cart's own limit first: it is what the visitor can change on the page.
    await this.assertWithinLimit(this.db, caller, input, now);
    let member;
    try {
      member = await this.programme.member(input.memberId, input.verificationToken);
    } catch (error) {
      if (error instanceof LoyaltyRefusal) throw loyaltyVerificationRequired();
      if (error instanceof LoyaltyUnavailable) throw loyaltyUnavailable();
      throw error;
    }
    // SPEC 8: told now rather than when the order is placed; the burn checks again.
    if (member.membershipStatus !== 'ACTIVE') throw loyaltyBurnFailed('MEMBER_INACTIVE');
    if (member.verifiedStatus !== 'VERIFIED') throw loyaltyBurnFailed('MEMBER_NOT_VERIFIED');
    if (member.balance < input.points) throw loyaltyBurnFailed('INSUFFICIENT_POINTS');

    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const cart = await this.assertWithinLimit(tx, caller, input, now, true);
      await tx.execute(
        sql`insert into commerce.cart_loyalty (cart_id, member_id, points, verification_token, created_at)
            values (${cart.id}, ${input.memberId}, ${input.points}, ${input.verificationToken}, ${now.toISOString()})
            on conflict (cart_id) do update set member_id = excluded.member_id, points = excluded.points,
              verification_token = excluded.verification_token, created_at = excluded.created_at`,
      );
      await tx.execute(sql`update commerce.carts set version = version + 1, updated_at = ${now.toISOString()} where id = ${cart.id}`);
    });
  }

  /** The caller's active cart, refused when it takes fewer points than asked (locked when `lock`). */
  private async assertWithinLimit(
    tx: Database,
    caller: CommerceCaller,
    input: { cartId: string; eventId: string; points: number },
    now: Date,
    lock = false,
  ) {
    const cart = await this.carts.find(caller, input.cartId, input.eventId, tx, lock);
    if (!cart) throw notFound('Cart');
    if (cart.state !== 'ACTIVE') throw cartNotActive();
    const data = (await this.catalogue.load(input.eventId, tx))!;
    const coupons = [...(await this.carts.coupons(cart.coupons, tx)).values()].filter((coupon) => cart.coupons.includes(coupon.code));
    const { loyaltyPointsLimit: limit } = cartTotals(cart, data, coupons, now);
    if (input.points > limit) throw loyaltyPointsLimit(limit);
    return cart;
  }

  /** Takes the points off the cart; a cart without points stays as it is. */
  async remove(caller: CommerceCaller, cartId: string, eventId: string, now: Date): Promise<void> {
    await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const cart = await this.carts.find(caller, cartId, eventId, tx, true);
      if (!cart) throw notFound('Cart');
      if (cart.state !== 'ACTIVE') throw cartNotActive();
      if (!cart.loyalty) return;
      await tx.execute(sql`delete from commerce.cart_loyalty where cart_id = ${cart.id}`);
      await tx.execute(sql`update commerce.carts set version = version + 1, updated_at = ${now.toISOString()} where id = ${cart.id}`);
    });
  }
}
