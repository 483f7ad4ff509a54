import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import {
  applyActions,
  customerEmail,
  normalizeCouponCode,
  type CartAction,
  type CartState,
  type CouponRow,
  type DraftCart,
} from './cart-rules.ts';
import type { Catalogue } from './catalogue.ts';
import type { CommerceCaller } from './context.ts';
import { badUserInput, cartNotActive, conflict, notFound } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cart as stored, with what reading it needs. */
export interface StoredCart extends DraftCart {
  customerId: string;
}

/** A line as the cart's statement answers it: its extras as [extra item, quantity] pairs. */
interface StoredLine {
  id: string;
  ticketId: string;
  timeslotId: string | null;
  quantity: number;
  version: number;
  subItems: [string, number][];
}

interface CartRow {
  id: string;
  eventId: string;
  customerId: string;
  customerEmail: string | null;
  state: CartState;
  version: number;
}

const epoch = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * Carts (SPEC 4.3, 9.2). Every read and write names the caller: another customer's cart is
 * NOT_FOUND, exactly like one that does not exist. Writes lock the cart row (`for update`) and
 * apply all the actions or none in one transaction.
 */
export class CartStore {
  constructor(
    private readonly db: Database,
    private readonly catalogue: Catalogue,
  ) {}

  /**
   * The caller's cart of that event, or undefined (missing, another's, another event's). With
   * `lock`, the cart row is locked first and read after: a statement sees what was committed when it
   * began, so lines read in the locking statement could be older than the lock.
   */
  async find(
    caller: CommerceCaller,
    cartId: string,
    eventId: string,
    db: Database = this.db,
    lock = false,
  ): Promise<StoredCart | undefined> {
    if (!UUID.test(cartId)) return undefined;
    const owned = sql`id = ${cartId} and event_id = ${eventId} and customer_id = ${caller.customerId}`;
    if (lock) {
      const [locked] = await queryRows<{ id: string }>(db, sql`select id from commerce.carts where ${owned} for update`);
      if (!locked) return undefined;
    }
    // The cart with its lines, their extras, its coupons and its loyalty points, in one statement.
    const [row] = await queryRows<CartRow & { lines: StoredLine[]; coupons: string[]; loyalty: StoredCart['loyalty'] }>(
      db,
      sql`select c.id, c.event_id as "eventId", c.customer_id as "customerId", c.customer_email as "customerEmail", c.state, c.version,
            coalesce((select json_agg(json_build_object('id', i.id, 'ticketId', i.ticket_id, 'timeslotId', i.timeslot_id,
                  'quantity', i.quantity, 'version', i.version,
                  'subItems', coalesce((select json_agg(json_build_array(s.extra_item_id, s.quantity))
                    from commerce.cart_sub_items s where s.cart_item_id = i.id), '[]'::json)) order by i.position)
                from commerce.cart_items i where i.cart_id = c.id), '[]'::json) as lines,
            coalesce((select json_agg(code order by code) from commerce.cart_coupons where cart_id = c.id), '[]'::json) as coupons,
            (select json_build_object('memberId', member_id, 'points', points, 'verificationToken', verification_token)
              from commerce.cart_loyalty where cart_id = c.id) as loyalty
          from commerce.carts c where ${owned}`,
    );
    if (!row) return undefined;
    return {
      ...row,
      lines: row.lines.map((line) => ({ ...line, subItems: new Map(line.subItems), isNew: false, changed: false })),
      removedLineIds: [],
      changed: false,
    };
  }

  /** The coupons of these codes that exist, by code. */
  async coupons(codes: readonly string[], db: Database = this.db): Promise<Map<string, CouponRow>> {
    const wanted = [...new Set(codes.map(normalizeCouponCode))].filter((code) => code.length > 0 && code.length <= 64);
    if (!wanted.length) return new Map();
    const rows = await queryRows<CouponRow>(
      db,
      sql`select code, coupon_type as "couponType", value, event_id as "eventId", ${epoch('valid_from')} as "validFrom",
            ${epoch('valid_until')} as "validUntil", min_subtotal as "minSubtotal", max_redemptions as "maxRedemptions", redemptions
          from commerce.coupons where code in (${sql.join(
            wanted.map((code) => sql`${code}`),
            sql`, `,
          )})`,
    );
    return new Map(rows.map((row) => [row.code, row]));
  }

  /** A new cart of the caller's, with its first items (all or none). */
  async create(
    caller: CommerceCaller,
    eventId: string,
    input: { customerEmail?: string | null; items?: CartAction['addItem'][] | null },
    now: Date,
  ): Promise<string> {
    const email = input.customerEmail ?? caller.email ?? null;
    const parsedEmail = email === null ? null : customerEmail.safeParse(email);
    if (parsedEmail && !parsedEmail.success) throw badUserInput({ customerEmail: parsedEmail.error.issues[0]!.message }, 'Invalid e-mail');
    return this.db.transaction(async (tx) => {
      const data = await this.catalogue.load(eventId, tx);
      if (!data) throw notFound('Event');
      const cart: StoredCart = {
        id: randomUUID(),
        eventId,
        customerId: caller.customerId,
        customerEmail: parsedEmail?.data ?? null,
        state: 'ACTIVE',
        version: 1,
        lines: [],
        coupons: [],
        loyalty: null,
        removedLineIds: [],
        changed: false,
      };
      applyActions(
        cart,
        (input.items ?? []).map((item) => ({ addItem: item })),
        { data, now, coupons: new Map(), newId: randomUUID },
      );
      await tx.execute(
        sql`insert into commerce.carts (id, event_id, customer_id, customer_email, created_at, updated_at)
            values (${cart.id}, ${eventId}, ${caller.customerId}, ${cart.customerEmail}, ${now.toISOString()}, ${now.toISOString()})`,
      );
      await this.#write(tx, cart);
      return cart.id;
    });
  }

  /**
   * Applies the actions to the caller's cart, all or none. `version`, when given, must still be the
   * cart's (CONFLICT otherwise). The cart's version goes up by one when anything changed.
   */
  async update(
    caller: CommerceCaller,
    cartId: string,
    eventId: string,
    input: { version?: number | null; actions: CartAction[] },
    now: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const cart = await this.find(caller, cartId, eventId, tx, true);
      if (!cart) throw notFound('Cart');
      if (cart.state !== 'ACTIVE') throw cartNotActive();
      if (input.version !== undefined && input.version !== null && input.version !== cart.version) throw conflict();
      const data = (await this.catalogue.load(eventId, tx))!;
      const codes = input.actions.flatMap((action) => (action.applyCoupon ? [action.applyCoupon.code] : []));
      applyActions(cart, input.actions, { data, now, coupons: await this.coupons(codes, tx), newId: randomUUID });
      if (!cart.changed) return;
      await tx.execute(
        sql`update commerce.carts set version = version + 1, customer_email = ${cart.customerEmail}, updated_at = ${now.toISOString()}
            where id = ${cart.id}`,
      );
      await this.#write(tx, cart);
    });
  }

  /**
   * Beyond SPEC 7.2: the signed-in user takes over the cart they filled as a guest. The guest's
   * credentials prove it was theirs; a cart of someone else's is NOT_FOUND.
   */
  async claim(user: CommerceCaller, guest: CommerceCaller, cartId: string, eventId: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const cart = await this.find(guest, cartId, eventId, tx, true);
      if (!cart) throw notFound('Cart');
      if (cart.state !== 'ACTIVE') throw cartNotActive();
      await tx.execute(
        sql`update commerce.carts set customer_id = ${user.customerId}, customer_email = coalesce(customer_email, ${user.email ?? null}),
              version = version + 1, updated_at = ${now.toISOString()}
            where id = ${cart.id}`,
      );
    });
  }

  /** Writes the lines, sub-items and coupons of a draft that the rules accepted. */
  async #write(tx: Database, cart: DraftCart): Promise<void> {
    if (cart.removedLineIds.length) {
      await tx.execute(
        sql`delete from commerce.cart_items where cart_id = ${cart.id} and id in (${sql.join(
          cart.removedLineIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
    for (const line of cart.lines) {
      if (!line.changed) continue;
      if (line.isNew) {
        await tx.execute(
          sql`insert into commerce.cart_items (id, cart_id, ticket_id, timeslot_id, quantity)
              values (${line.id}, ${cart.id}, ${line.ticketId}, ${line.timeslotId}, ${line.quantity})`,
        );
      } else {
        await tx.execute(sql`update commerce.cart_items set quantity = ${line.quantity}, version = version + 1 where id = ${line.id}`);
        await tx.execute(sql`delete from commerce.cart_sub_items where cart_item_id = ${line.id}`);
      }
      for (const [extraItemId, quantity] of line.subItems) {
        await tx.execute(
          sql`insert into commerce.cart_sub_items (cart_item_id, extra_item_id, quantity) values (${line.id}, ${extraItemId}, ${quantity})`,
        );
      }
    }
    await tx.execute(sql`delete from commerce.cart_coupons where cart_id = ${cart.id}`);
    for (const code of cart.coupons) {
      await tx.execute(sql`insert into commerce.cart_coupons (cart_id, code) values (${cart.id}, ${code})`);
    }
  }
}
