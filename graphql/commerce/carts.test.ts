import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer } from './test-support/commerce-fixture.ts';

const CART_FIELDS = `id eventId customerEmail cartState version ticketQuantity isShippingRequired canCheckout
  couponCodes { code couponType discountValue { amount currency } }
  subtotalPrice { amount } totalPrice { amount } totalPriceExcluding { amount } vatAmount { amount }
  cartDiscountPrice { amount } productsDiscountValue { amount } couponCodesDiscountValue { amount }
  items { id catalogueItemId name { en ar } quantity version state originalPrice { amount } discountedPrice { amount } subtotal { amount } total { amount }
    timeslot { id } custom { maxAmountPerOrder isShippingRequired delivery }
    subItems { id parentLineItemId catalogueItemId quantity total { amount } }
    freeItems { catalogueItemId quantity total { amount } } }`;

const CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { ${CART_FIELDS} } }`;
const UPDATE = `mutation($cartId: ID!, $eventId: ID!, $input: CartUpdateInput!) { cartUpdate(cartId: $cartId, eventId: $eventId, input: $input) { ${CART_FIELDS} } }`;
const READ = `query($cartId: ID!, $eventId: ID!) { cart(cartId: $cartId, eventId: $eventId) { ${CART_FIELDS} } }`;
const EVENT = 'evt_nabd_2026';

// Answers are checked field by field below.
type Data = Record<string, any>;

describe.each(databaseBackends)('carts on $name', (backend) => {
  let commerce: RunningCommerceService;

  beforeAll(async () => {
    commerce = await startCommerceService(backend);
  });
  afterAll(() => commerce.close());

  async function ok(query: string, variables: Record<string, unknown>, who: TestCustomer): Promise<Data> {
    const response = await commerce.call({ query, variables }, who.accessToken);
    expect(response.body.errors).toBeUndefined();
    return response.body.data;
  }

  async function refused(query: string, variables: Record<string, unknown>, who: TestCustomer | undefined) {
    const response = await commerce.call({ query, variables }, who?.accessToken);
    expect(response.body.errors).toHaveLength(1);
    return { status: response.status, ...(response.body.errors[0].extensions as Data) };
  }

  const create = async (who: TestCustomer, items: Data[] = [], customerEmail?: string) =>
    (await ok(CREATE, { eventId: EVENT, input: { items, ...(customerEmail ? { customerEmail } : {}) } }, who)).cartCreate;
  const update = async (who: TestCustomer, cartId: string, actions: Data[], version?: number) =>
    (await ok(UPDATE, { cartId, eventId: EVENT, input: { actions, ...(version ? { version } : {}) } }, who)).cartUpdate;
  const cartRows = async (cartId: string) =>
    queryRows<Data>(
      commerce.database.db,
      sql`select ticket_id, timeslot_id, quantity from commerce.cart_items where cart_id = ${cartId} order by position`,
    );

  it('a guest fills a cart: prices, extras, free items, discounts and VAT', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }], 'Guest@Example.com');
    expect(cart).toMatchObject({ eventId: EVENT, customerEmail: 'guest@example.com', cartState: 'ACTIVE', version: 1, ticketQuantity: 2 });
    const ga = cart.items[0];
    expect(ga).toMatchObject({ catalogueItemId: 'tkt_nabd_ga', quantity: 2, state: 'AVAILABLE', subtotal: { amount: '1190.00' } });
    expect(ga.freeItems).toEqual([{ catalogueItemId: 'extra_nabd_map', quantity: 2, total: { amount: '0.00' } }]);

    const updated = await update(guest, cart.id, [
      { setSubItem: { itemId: ga.id, catalogueItemId: 'extra_nabd_parking', quantity: 1 } },
      { addItem: { catalogueItemId: 'tkt_nabd_day_pass', quantity: 2, timeslotId: 'slot_nabd_day2' } },
      { addItem: { catalogueItemId: 'tkt_nabd_wristband_kit', quantity: 1 } },
      { applyCoupon: { code: 'nabd50' } },
    ]);
    // 2 × 595 + 75 + 2 × 295 + 99 = 1954.00; day passes at 249.00 (2 × 46 off); NABD50 takes 50.00.
    expect(updated).toMatchObject({
      version: 2,
      ticketQuantity: 5,
      isShippingRequired: true,
      canCheckout: true,
      subtotalPrice: { amount: '1954.00' },
      productsDiscountValue: { amount: '92.00' },
      couponCodesDiscountValue: { amount: '50.00' },
      cartDiscountPrice: { amount: '142.00' },
      totalPrice: { amount: '1812.00' },
      totalPriceExcluding: { amount: '1575.65' },
      vatAmount: { amount: '236.35' },
      couponCodes: [{ code: 'NABD50', couponType: 'FIXED_AMOUNT', discountValue: { amount: '50.00', currency: 'SAR' } }],
    });
    expect(updated.items[0].subItems).toEqual([
      { id: expect.any(String), parentLineItemId: ga.id, catalogueItemId: 'extra_nabd_parking', quantity: 1, total: { amount: '75.00' } },
    ]);
    expect(updated.items[1]).toMatchObject({ timeslot: { id: 'slot_nabd_day2' }, discountedPrice: { amount: '249.00' } });
    expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart).toEqual(updated);
  });

  it('applies all the actions or none, and refuses a stale version with CONFLICT', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    const refusal = await refused(
      UPDATE,
      {
        cartId: cart.id,
        eventId: EVENT,
        input: {
          actions: [
            { addItem: { catalogueItemId: 'tkt_nabd_vip', quantity: 2 } },
            { addItem: { catalogueItemId: 'tkt_nabd_ga_early', quantity: 1 } },
          ],
        },
      },
      guest,
    );
    expect(refusal).toMatchObject({ code: 'NOT_ON_SALE', status: 422, fields: { catalogueItemId: 'commerce:errors.notOnSale' } });
    expect(await cartRows(cart.id)).toEqual([{ ticket_id: 'tkt_nabd_ga', timeslot_id: null, quantity: 1 }]);
    expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart.version).toBe(1);

    await update(guest, cart.id, [{ changeQuantity: { itemId: cart.items[0].id, quantity: 3 } }], 1);
    expect(
      await refused(
        UPDATE,
        { cartId: cart.id, eventId: EVENT, input: { version: 1, actions: [{ removeItem: { itemId: cart.items[0].id } }] } },
        guest,
      ),
    ).toMatchObject({ code: 'CONFLICT', status: 409 });
    const after = (await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart;
    expect(after).toMatchObject({ version: 2, ticketQuantity: 3 });
    expect(after.items[0].version).toBe(2);
  });

  it('two updates of the same version at once: one applies, the other is a CONFLICT', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    const racing = (quantity: number) =>
      commerce.call(
        {
          query: UPDATE,
          variables: {
            cartId: cart.id,
            eventId: EVENT,
            input: { version: 1, actions: [{ changeQuantity: { itemId: cart.items[0].id, quantity } }] },
          },
        },
        guest.accessToken,
      );
    const answers = await Promise.all([racing(2), racing(3), racing(4)]);
    const applied = answers.filter((answer) => !answer.body.errors);
    expect(applied).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.errors?.[0].extensions.code === 'CONFLICT')).toHaveLength(2);
    const after = (await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart;
    expect(after.version).toBe(2);
    expect(after.ticketQuantity).toBe(applied[0]!.body.data.cartUpdate.ticketQuantity);
  });

  it('refuses the limits and stock of SPEC 5 and 8', async () => {
    const user = await commerce.signUp('limits@example.com');
    const add = (catalogueItemId: string, quantity: number, timeslotId?: string) =>
      refused(CREATE, { eventId: EVENT, input: { items: [{ catalogueItemId, quantity, ...(timeslotId ? { timeslotId } : {}) }] } }, user);
    expect(await add('tkt_nabd_vip', 5)).toMatchObject({ code: 'CART_LIMIT_EXCEEDED' });
    expect(await add('tkt_nabd_vip_backstage', 4)).toMatchObject({ code: 'CART_LIMIT_EXCEEDED' });
    expect(await add('tkt_nabd_friends', 1)).toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(await add('tkt_nabd_last_call', 1)).toMatchObject({ code: 'NOT_ON_SALE' });
    expect(await add('tkt_nabd_group', 1)).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { catalogueItemId: 'commerce:errors.callbackForm' },
    });
    expect(await add('tkt_nabd_day_pass', 1)).toMatchObject({ code: 'BAD_USER_INPUT', fields: { timeslotId: 'commerce:errors.timeslot' } });
    expect(await add('tkt_nabd_ga', 0)).toMatchObject({ code: 'BAD_USER_INPUT', fields: { quantity: 'commerce:errors.quantity' } });
    const cart = await create(user, [{ catalogueItemId: 'tkt_nabd_vip_backstage', quantity: 2 }]);
    expect(
      await refused(
        UPDATE,
        {
          cartId: cart.id,
          eventId: EVENT,
          input: {
            actions: [
              { addItem: { catalogueItemId: 'tkt_nabd_ga', quantity: 10 } },
              { addItem: { catalogueItemId: 'tkt_nabd_day_pass', quantity: 10, timeslotId: 'slot_nabd_day1' } },
              { addItem: { catalogueItemId: 'tkt_nabd_day_pass', quantity: 10, timeslotId: 'slot_nabd_day2' } },
              { addItem: { catalogueItemId: 'tkt_nabd_wristband_kit', quantity: 5 } },
            ],
          },
        },
        user,
      ),
    ).toMatchObject({ code: 'CART_LIMIT_EXCEEDED' });
    expect(await cartRows(cart.id)).toEqual([{ ticket_id: 'tkt_nabd_vip_backstage', timeslot_id: null, quantity: 2 }]);
  });

  it('shows an item out of stock once others bought it, which blocks checkout until removed', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [
      { catalogueItemId: 'tkt_nabd_vip_backstage', quantity: 2 },
      { catalogueItemId: 'tkt_nabd_ga', quantity: 1 },
    ]);
    expect(cart.canCheckout).toBe(true);
    await commerce.database.db.execute(sql`update commerce.tickets set sold = sold + 2 where id = 'tkt_nabd_vip_backstage'`);
    try {
      const read = (await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart;
      expect(read.items.map((item: Data) => item.state)).toEqual(['OUT_OF_STOCK', 'AVAILABLE']);
      expect(read.canCheckout).toBe(false);
      const fixed = await update(guest, cart.id, [{ removeItem: { itemId: read.items[0].id } }]);
      expect(fixed).toMatchObject({ canCheckout: true, ticketQuantity: 1 });
    } finally {
      await commerce.database.db.execute(sql`update commerce.tickets set sold = sold - 2 where id = 'tkt_nabd_vip_backstage'`);
    }
  });

  it('shows an item not on sale once its wave ended', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    commerce.clock.set('2026-12-12T18:00:00Z');
    try {
      const read = (await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart;
      expect(read.items[0].state).toBe('NOT_ON_SALE');
      expect(read.canCheckout).toBe(false);
    } finally {
      commerce.clock.set('2026-11-21T12:00:00Z');
    }
  });

  it('refuses the coupons that do not apply, with the codes of SPEC 8', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    const apply = (code: string, action = 'applyCoupon') =>
      refused(UPDATE, { cartId: cart.id, eventId: EVENT, input: { actions: [{ [action]: { code } }] } }, guest);
    expect(await apply('NOSUCHCODE')).toMatchObject({ code: 'COUPON_NOT_FOUND', fields: { code: 'commerce:errors.couponNotFound' } });
    expect(await apply('EXPIRED2025')).toMatchObject({ code: 'COUPON_EXPIRED' });
    expect(await apply('FORUMONLY')).toMatchObject({ code: 'COUPON_NOT_APPLICABLE' });
    expect(await apply('NABD50')).toMatchObject({ code: 'COUPON_NOT_APPLICABLE' });
    expect(await apply('WELCOME10', 'removeCoupon')).toMatchObject({ code: 'COUPON_NOT_FOUND' });
    const withCoupon = await update(guest, cart.id, [{ applyCoupon: { code: 'WELCOME10' } }]);
    expect(withCoupon).toMatchObject({ couponCodesDiscountValue: { amount: '59.50' }, totalPrice: { amount: '535.50' } });
    expect(await apply('WELCOME10')).toMatchObject({ code: 'COUPON_ALREADY_APPLIED' });
    expect(await update(guest, cart.id, [{ removeCoupon: { code: 'WELCOME10' } }])).toMatchObject({
      totalPrice: { amount: '595.00' },
      couponCodes: [],
    });
  });

  it("keeps each customer's carts to themselves: another's cart is NOT_FOUND and unchanged", async () => {
    const owner = await commerce.guest();
    const other = await commerce.guest();
    const user = await commerce.signUp('other-shopper@example.com');
    const cart = await create(owner, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    for (const stranger of [other, user]) {
      expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, stranger)).cart).toBeNull();
      expect(
        await refused(
          UPDATE,
          { cartId: cart.id, eventId: EVENT, input: { actions: [{ removeItem: { itemId: cart.items[0].id } }] } },
          stranger,
        ),
      ).toMatchObject({
        code: 'NOT_FOUND',
        status: 404,
      });
    }
    expect((await ok(READ, { cartId: cart.id, eventId: 'evt_dunes_2027' }, owner)).cart).toBeNull();
    expect((await ok(READ, { cartId: 'not-a-uuid', eventId: EVENT }, owner)).cart).toBeNull();
    expect(await cartRows(cart.id)).toEqual([{ ticket_id: 'tkt_nabd_ga', timeslot_id: null, quantity: 1 }]);
    // The same guest identity again: still its cart.
    const renewed = await commerce.guest(owner.customerId.replace(/^guest_/, ''));
    expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, renewed)).cart.id).toBe(cart.id);
  });

  it('a cart that is not ACTIVE no longer changes', async () => {
    const guest = await commerce.guest();
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    await commerce.database.db.execute(sql`update commerce.carts set state = 'ORDERED' where id = ${cart.id}`);
    expect(
      await refused(UPDATE, { cartId: cart.id, eventId: EVENT, input: { actions: [{ removeItem: { itemId: cart.items[0].id } }] } }, guest),
    ).toMatchObject({
      code: 'CART_NOT_ACTIVE',
    });
    expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart).toMatchObject({ cartState: 'ORDERED', canCheckout: false });
  });

  it('a user who signs in takes their guest cart along (cartClaim)', async () => {
    const guest = await commerce.guest();
    const user = await commerce.signUp('claimer@example.com');
    const cart = await create(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    const CLAIM = `mutation($cartId: ID!, $eventId: ID!, $guestToken: String!) { cartClaim(cartId: $cartId, eventId: $eventId, guestToken: $guestToken) { id customerEmail version } }`;
    expect(await refused(CLAIM, { cartId: cart.id, eventId: EVENT, guestToken: guest.accessToken }, guest)).toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
    });
    expect(await refused(CLAIM, { cartId: cart.id, eventId: EVENT, guestToken: 'forged' }, user)).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await refused(CLAIM, { cartId: cart.id, eventId: EVENT, guestToken: (await commerce.guest()).accessToken }, user)).toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    const claimed = (await ok(CLAIM, { cartId: cart.id, eventId: EVENT, guestToken: guest.accessToken }, user)).cartClaim;
    expect(claimed).toEqual({ id: cart.id, customerEmail: 'claimer@example.com', version: 2 });
    expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, guest)).cart).toBeNull();
    expect((await ok(READ, { cartId: cart.id, eventId: EVENT }, user)).cart.id).toBe(cart.id);
  });

  it('answers 401 without credentials and for an unknown event NOT_FOUND', async () => {
    expect(await refused(CREATE, { eventId: EVENT, input: {} }, undefined)).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect(await refused(CREATE, { eventId: 'evt_unknown', input: {} }, await commerce.guest())).toMatchObject({ code: 'NOT_FOUND' });
  });
});
