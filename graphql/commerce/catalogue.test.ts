import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService } from './test-support/commerce-fixture.ts';

const EVENT_QUERY = `query($eventId: ID!) {
  event(eventId: $eventId) {
    id name { en ar } paymentMethods
    custom { logo backgroundImage waves { id label { en ar } dateRange { start end } state order } }
    tickets {
      id name { en ar } state isAvailable isLowStock waveId paymentMethods
      price { originalPrice { amount currency } discountedPrice { amount currency } }
      perks { id isHighlighted isHiddenOnDetail }
      extraItems { id price { originalPrice { amount } } maxAmountPerOrder isAvailable }
      timeslots { id dateTimeRange { start end } isAvailable }
      custom { order isCallbackForm callbackFormType maxAmountPerOrder isShippingRequired delivery }
    }
    categories { id custom { promoLabel { en ar } order } tickets { id } children { id tickets { id } children { id } } }
  }
}`;

describe.each(databaseBackends)('the catalogue on $name', (backend) => {
  let commerce: RunningCommerceService;

  beforeAll(async () => {
    commerce = await startCommerceService(backend);
  });
  afterAll(() => commerce.close());

  const event = async (eventId = 'evt_nabd_2026') => {
    const response = await commerce.call({ query: EVENT_QUERY, variables: { eventId } });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.event;
  };

  it('answers an event with its waves in every state at the test clock', async () => {
    const nabd = await event();
    expect(nabd.name).toEqual({ en: 'Nabd Festival 2026', ar: 'مهرجان نبض 2026' });
    expect(nabd.custom.logo).toBe('/media/events/nabd-festival-2026-logo.svg');
    const states = Object.fromEntries(nabd.custom.waves.map((wave: { id: string; state: string }) => [wave.id, wave.state]));
    expect(states).toEqual({
      wave_nabd_early_bird: 'ENDED',
      wave_nabd_friends: 'SOLD_OUT',
      wave_nabd_general: 'AVAILABLE_NOW',
      wave_nabd_last_call: 'COMING_SOON',
    });
    expect(nabd.custom.waves[0].dateRange).toEqual({ start: '2026-09-01T06:00:00.000Z', end: '2026-10-31T20:59:00.000Z' });
  });

  it('gives each ticket its state, price, perks, extras and timeslots', async () => {
    const tickets = Object.fromEntries((await event()).tickets.map((ticket: { id: string }) => [ticket.id, ticket]));
    expect(tickets.tkt_nabd_ga_early).toMatchObject({ state: 'ENDED', isAvailable: false });
    expect(tickets.tkt_nabd_friends).toMatchObject({ state: 'SOLD_OUT', isAvailable: false });
    expect(tickets.tkt_nabd_last_call).toMatchObject({ state: 'COMING_SOON', isAvailable: false });
    expect(tickets.tkt_nabd_ga).toMatchObject({
      state: 'AVAILABLE_NOW',
      isAvailable: true,
      isLowStock: false,
      price: { originalPrice: { amount: '595.00', currency: 'SAR' }, discountedPrice: { amount: '595.00', currency: 'SAR' } },
    });
    // The free map is a cart's free item, not an extra to choose.
    expect(tickets.tkt_nabd_ga.extraItems.map((extra: { id: string }) => extra.id)).toEqual(['extra_nabd_parking', 'extra_nabd_tee']);
    expect(tickets.tkt_nabd_ga.extraItems[0]).toEqual({
      id: 'extra_nabd_parking',
      price: { originalPrice: { amount: '75.00' } },
      maxAmountPerOrder: 4,
      isAvailable: true,
    });
    expect(tickets.tkt_nabd_ga.perks).toContainEqual({ id: 'perk_nabd_ga_app', isHighlighted: false, isHiddenOnDetail: true });
    expect(tickets.tkt_nabd_day_pass.price.discountedPrice.amount).toBe('249.00');
    expect(tickets.tkt_nabd_day_pass.timeslots).toEqual([
      { id: 'slot_nabd_day1', dateTimeRange: { start: '2026-12-10T12:00:00.000Z', end: '2026-12-10T20:59:00.000Z' }, isAvailable: true },
      { id: 'slot_nabd_day2', dateTimeRange: { start: '2026-12-11T12:00:00.000Z', end: '2026-12-11T20:59:00.000Z' }, isAvailable: true },
      { id: 'slot_nabd_day3', dateTimeRange: { start: '2026-12-12T12:00:00.000Z', end: '2026-12-12T20:59:00.000Z' }, isAvailable: true },
    ]);
    expect(tickets.tkt_nabd_vip.paymentMethods).toEqual(['CREDIT_CARD', 'MOBILE_WALLET']);
    expect(tickets.tkt_nabd_ga.paymentMethods).toEqual(['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS']);
    expect(tickets.tkt_nabd_vip_backstage).toMatchObject({ isAvailable: true, isLowStock: true });
    expect(tickets.tkt_nabd_wristband_kit.custom).toMatchObject({ isShippingRequired: true, delivery: 'SHIPPED' });
    expect(tickets.tkt_nabd_group.custom).toMatchObject({ isCallbackForm: true, callbackFormType: 'GROUP' });
    expect(tickets.tkt_nabd_premium_box.custom).toMatchObject({ isCallbackForm: true, callbackFormType: 'PREMIUM_BOX' });
  });

  it('nests categories with their tickets and promotion labels', async () => {
    const categories = (await event()).categories;
    expect(categories.map((category: { id: string }) => category.id)).toEqual(['cat_nabd_ga', 'cat_nabd_vip', 'cat_nabd_groups']);
    expect(categories[0].custom.promoLabel).toEqual({ en: 'Best value', ar: 'القيمة الأفضل' });
    expect(categories[0].children).toEqual([{ id: 'cat_nabd_day_passes', tickets: [{ id: 'tkt_nabd_day_pass' }], children: [] }]);
    expect(categories[2].tickets).toEqual([{ id: 'tkt_nabd_group' }, { id: 'tkt_nabd_premium_box' }]);
    const response = await commerce.call({
      query: 'query { eventCategories(eventId: "evt_nabd_2026") { id children { id } } }',
    });
    expect(response.body.data.eventCategories).toEqual([
      { id: 'cat_nabd_ga', children: [{ id: 'cat_nabd_day_passes' }] },
      { id: 'cat_nabd_vip', children: [] },
      { id: 'cat_nabd_groups', children: [] },
    ]);
  });

  it('follows the clock: the last-call wave opens, the general sale ends', async () => {
    commerce.clock.set('2026-12-12T18:30:00Z');
    try {
      const waves = (await event()).custom.waves.map((wave: { state: string }) => wave.state);
      expect(waves).toEqual(['ENDED', 'ENDED', 'ENDED', 'ENDED']);
      commerce.clock.set('2026-12-02T00:00:00Z');
      expect((await event()).custom.waves.map((wave: { state: string }) => wave.state)).toEqual([
        'ENDED',
        'SOLD_OUT',
        'AVAILABLE_NOW',
        'AVAILABLE_NOW',
      ]);
    } finally {
      commerce.clock.set('2026-11-21T12:00:00Z');
    }
  });

  it('says SOLD_OUT once the stock is held or sold', async () => {
    await commerce.database.db.execute(
      // Backstage: 3 places left; one now held by a pending order, two more sold.
      sql`update commerce.tickets set held = 1, sold = 29 where id = 'tkt_nabd_vip_backstage'`,
    );
    try {
      const tickets = (await event()).tickets;
      expect(tickets.find((ticket: { id: string }) => ticket.id === 'tkt_nabd_vip_backstage')).toMatchObject({
        state: 'SOLD_OUT',
        isAvailable: false,
        isLowStock: false,
      });
    } finally {
      await commerce.database.db.execute(sql`update commerce.tickets set held = 0, sold = 27 where id = 'tkt_nabd_vip_backstage'`);
    }
  });

  it('answers ticketsInfo in the order asked, leaving out other events’ tickets', async () => {
    const response = await commerce.call({
      query: `query { ticketsInfo(eventId: "evt_nabd_2026", ticketIds: ["tkt_nabd_vip", "tkt_forum_2027_ga", "tkt_nabd_friends", "nothing"]) {
        ticketId isAvailable paymentMethods price { discountedPrice { amount } } } }`,
    });
    expect(response.body.data.ticketsInfo).toEqual([
      {
        ticketId: 'tkt_nabd_vip',
        isAvailable: true,
        paymentMethods: ['CREDIT_CARD', 'MOBILE_WALLET'],
        price: { discountedPrice: { amount: '1895.00' } },
      },
      {
        ticketId: 'tkt_nabd_friends',
        isAvailable: false,
        paymentMethods: ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'],
        price: { discountedPrice: { amount: '525.00' } },
      },
    ]);
  });

  it('answers null and empty lists for an event not on sale', async () => {
    const response = await commerce.call({
      query:
        'query { event(eventId: "evt_unknown") { id } eventCategories(eventId: "evt_unknown") { id } ticketsInfo(eventId: "evt_unknown", ticketIds: ["x"]) { ticketId } }',
    });
    expect(response.body).toEqual({ data: { event: null, eventCategories: [], ticketsInfo: [] } });
  });

  it('has the smaller offers of the other events, on sale but for Sahab, whose sale opens in February', async () => {
    for (const eventId of [
      'evt_nye_riyadh_2026',
      'evt_dunes_2027',
      'evt_forum_2027',
      'evt_gulf_lights_2027',
      'evt_nights_jeddah_2027',
      'evt_sahab_2027',
      'evt_partners_preview_2026',
    ]) {
      const other = await event(eventId);
      expect(other.tickets.length).toBeGreaterThan(0);
      const state = eventId === 'evt_sahab_2027' ? 'COMING_SOON' : 'AVAILABLE_NOW';
      expect({ eventId, states: [...new Set(other.tickets.map((ticket: { state: string }) => ticket.state))] }).toEqual({
        eventId,
        states: [state],
      });
    }
  });

  /** How many statements reading the event page takes. */
  const statementsOfEventPage = async (): Promise<number> => {
    let statements = 0;
    // Every statement of the service goes through its drizzle database.
    const original = commerce.database.db.execute.bind(commerce.database.db);
    commerce.database.db.execute = ((query: Parameters<typeof original>[0]) => {
      statements += 1;
      return original(query);
    }) as typeof original;
    try {
      await event();
    } finally {
      commerce.database.db.execute = original;
    }
    return statements;
  };
  const versionNow = async () =>
    (await queryRows<{ version: string }>(commerce.database.db, sql`select version::text as version from commerce.catalogue_version`))[0]!
      .version;

  it('reads an event page in one statement once its description is kept, and one per table after a change', async () => {
    await event();
    expect(await statementsOfEventPage()).toBe(1);
    await commerce.database.db.execute(sql`update commerce.waves set sort_order = sort_order where id = 'wave_nabd_general'`);
    expect(await statementsOfEventPage()).toBe(8);
    expect(await statementsOfEventPage()).toBe(1);
  });

  it('shows a description changed by any statement on the next read; orders moving the counters keep the version', async () => {
    await event();
    const before = await versionNow();
    await commerce.database.db.execute(sql`update commerce.tickets set held = held + 1 where id = 'tkt_nabd_vip'`);
    await commerce.database.db.execute(sql`update commerce.tickets set held = held - 1, sold = sold + 1 where id = 'tkt_nabd_vip'`);
    await commerce.database.db.execute(sql`update commerce.tickets set sold = sold - 1 where id = 'tkt_nabd_vip'`);
    expect(await versionNow()).toBe(before);

    await commerce.database.db.execute(sql`update commerce.tickets set name_en = 'VIP (renamed)' where id = 'tkt_nabd_vip'`);
    try {
      expect(await versionNow()).not.toBe(before);
      const vip = (await event()).tickets.find((ticket: { id: string }) => ticket.id === 'tkt_nabd_vip');
      expect(vip.name.en).toBe('VIP (renamed)');
    } finally {
      await commerce.database.db.execute(sql`update commerce.tickets set name_en = 'VIP – 3 days' where id = 'tkt_nabd_vip'`);
    }
    expect((await event()).tickets.find((ticket: { id: string }) => ticket.id === 'tkt_nabd_vip').name.en).toBe('VIP – 3 days');
  });

  it('moves the version on a change to any column of a row with counters but the counters themselves', async () => {
    // A column added to these tables later must be named in migration 0010's lists (or a new one's).
    const rows = await queryRows<{ table: string; column: string; watched: boolean }>(
      commerce.database.db,
      sql`select c.relname as table, a.attname as column,
            exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'catalogue_described' and a.attnum = any (t.tgattr)) as watched
          from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
          where n.nspname = 'commerce' and c.relname in ('tickets', 'extra_items', 'timeslots') and a.attnum > 0 and not a.attisdropped`,
    );
    expect(rows.length).toBeGreaterThan(30);
    const wrong = rows.filter(({ column, watched }) => watched === ['held', 'sold'].includes(column));
    expect(wrong).toEqual([]);
  });
});
