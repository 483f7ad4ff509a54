import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fromRoot } from '#platform/paths.ts';
import { readCatalogueFolder } from './catalogue-files.ts';
import { couponRow, eventRows } from './catalogue-rows.ts';

/*
 * `npm run catalogue:check` (decision 0037): every kind of problem an operator can write into the
 * catalogue files is caught before an import, with the file and the field named.
 */

type Json = Record<string, any>;

const eventFile = (id: string, over: Json = {}): Json => ({
  id,
  name: { en: 'Desert Lights', ar: 'أضواء الصحراء' },
  startsAt: '2027-03-04T16:00:00+03:00',
  endsAt: '2027-03-06T23:59:00+03:00',
  waves: [
    {
      id: `${id}_early`,
      label: { en: 'Early bird', ar: 'الطيور المبكرة' },
      startsAt: '2027-01-01T09:00:00+03:00',
      endsAt: '2027-01-31T23:59:00+03:00',
    },
    {
      id: `${id}_general`,
      label: { en: 'General sale', ar: 'البيع العام' },
      startsAt: '2027-02-01T09:00:00+03:00',
      endsAt: '2027-03-04T16:00:00+03:00',
    },
  ],
  categories: [{ id: `${id}_floor`, name: { en: 'Floor', ar: 'الساحة' } }],
  ...over,
});

const ticketFile = (eventId: string, id: string, over: Json = {}): Json => ({
  id,
  category: `${eventId}_floor`,
  wave: `${eventId}_general`,
  name: { en: 'General admission', ar: 'دخول عام' },
  price: '250.00',
  capacity: 1000,
  extras: [{ id: `${id}_parking`, name: { en: 'Parking', ar: 'موقف السيارات' }, price: '50.00', capacity: 200 }],
  timeslots: [{ id: `${id}_day1`, startsAt: '2027-03-04T16:00:00+03:00', endsAt: '2027-03-04T23:59:00+03:00', capacity: 500 }],
  ...over,
});

interface Files {
  events?: { folder?: string; event: Json | string; tickets?: Json[] }[];
  coupons?: Json[];
  demoSales?: Json;
  extra?: Record<string, string>;
}

const folders: string[] = [];
afterAll(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** A catalogue folder written from the factories above: one event, `evt_desert`, unless told otherwise. */
async function catalogue(files: Files = {}): Promise<string> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'nabd-catalogue-'));
  folders.push(scratch);
  const root = path.join(scratch, 'catalogue');
  const events = files.events ?? [{ event: eventFile('evt_desert'), tickets: [ticketFile('evt_desert', 'tkt_desert_ga')] }];
  for (const { folder, event, tickets } of events) {
    const name = folder ?? (event as Json).id;
    await mkdir(path.join(root, name), { recursive: true });
    await writeFile(path.join(root, name, 'event.json'), typeof event === 'string' ? event : JSON.stringify(event));
    if (tickets) await writeFile(path.join(root, name, 'tickets.json'), JSON.stringify({ tickets }));
  }
  await writeFile(path.join(root, 'coupons.json'), JSON.stringify({ coupons: files.coupons ?? [] }));
  if (files.demoSales) await writeFile(path.join(root, 'demo-sales.json'), JSON.stringify({ sold: files.demoSales }));
  for (const [file, content] of Object.entries(files.extra ?? {})) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
  return root;
}

const problemsOf = async (files: Files) => (await readCatalogueFolder(await catalogue(files))).problems;

/** One event with its ticket changed by `change`. */
const withTicket = (change: (ticket: Json) => void): Files => {
  const ticket = ticketFile('evt_desert', 'tkt_desert_ga');
  change(ticket);
  return { events: [{ event: eventFile('evt_desert'), tickets: [ticket] }] };
};
const withEvent = (change: (event: Json) => void): Files => {
  const event = eventFile('evt_desert');
  change(event);
  return { events: [{ event, tickets: [ticketFile('evt_desert', 'tkt_desert_ga')] }] };
};

describe('checking the catalogue files', () => {
  it('finds the repository’s catalogue valid: the demo events, their coupons and made-up sales', async () => {
    const { catalogue: files, problems } = await readCatalogueFolder(fromRoot('catalogue'));
    expect(problems).toEqual([]);
    expect(files.events.map(({ event }) => event.id)).toEqual([
      'evt_dunes_2027',
      'evt_forum_2027',
      'evt_gulf_lights_2027',
      'evt_nabd_2026',
      'evt_nights_jeddah_2027',
      'evt_nye_riyadh_2026',
      'evt_partners_preview_2026',
      'evt_sahab_2027',
    ]);
    expect(files.coupons.map((coupon) => coupon.code)).toEqual(['WELCOME10', 'NABD50', 'EXPIRED2025', 'FORUMONLY']);
    expect(files.demoSales).toMatchObject({ tkt_nabd_friends: 300, tkt_nabd_vip_backstage: 27 });
  });

  it('finds an event written by the book valid', async () => {
    expect(await problemsOf({})).toEqual([]);
  });

  test.each<[string, Files, string]>([
    [
      'a file that is not JSON',
      { events: [{ folder: 'evt_desert', event: '{ "id": "evt_desert", ' }] },
      'catalogue/evt_desert/event.json: not valid JSON',
    ],
    [
      'a misspelt field',
      withTicket((ticket) => {
        ticket.capcity = ticket.capacity;
        delete ticket.capacity;
      }),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga]: has unknown field capcity',
    ],
    [
      'a name without its Arabic',
      withTicket((ticket) => (ticket.name = { en: 'General admission' })),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].name.ar: is required',
    ],
    [
      'a waiting room without its rate',
      withEvent((event) => (event.waitingRoom = { saleOpensAt: '2027-01-15T12:00:00+03:00' })),
      'catalogue/evt_desert/event.json: waitingRoom.admissionsPerMinute: is required',
    ],
    [
      'a waiting room whose checkout window is too short to buy in',
      withEvent(
        (event) => (event.waitingRoom = { saleOpensAt: '2027-01-15T12:00:00+03:00', admissionsPerMinute: 300, checkoutMinutes: 2 }),
      ),
      'catalogue/evt_desert/event.json: waitingRoom.checkoutMinutes: must be at least 5',
    ],
    [
      'an empty English label',
      withEvent((event) => (event.waves[0].label.en = '  ')),
      'catalogue/evt_desert/event.json: waves[evt_desert_early].label.en: must not be empty',
    ],
    [
      'a price written as a number',
      withTicket((ticket) => (ticket.price = 250)),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].price: must be written as a string, such as "595.00"',
    ],
    [
      'a negative price',
      withTicket((ticket) => (ticket.extras[0].price = '-5.00')),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].extras[tkt_desert_ga_parking].price: must not be negative ("-5.00")',
    ],
    [
      'a price below the halala',
      withTicket((ticket) => (ticket.price = '249.995')),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].price: has more than two decimals ("249.995")',
    ],
    [
      'a discounted price above the price',
      withTicket((ticket) => (ticket.discountedPrice = '260.00')),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].discountedPrice must not be above its price',
    ],
    [
      'a negative capacity',
      withTicket((ticket) => (ticket.capacity = -1)),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].capacity: must not be negative',
    ],
    [
      'a capacity in halves',
      withTicket((ticket) => (ticket.timeslots[0].capacity = 12.5)),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].timeslots[tkt_desert_ga_day1].capacity: must be a whole number',
    ],
    [
      'a time without its offset',
      withEvent((event) => (event.waves[1].endsAt = '2027-03-04T16:00:00')),
      'catalogue/evt_desert/event.json: waves[evt_desert_general].endsAt: must be an ISO 8601 time with its offset',
    ],
    [
      'a wave that ends before it starts',
      withEvent((event) => (event.waves[0].endsAt = '2026-12-31T23:59:00+03:00')),
      'catalogue/evt_desert/event.json: waves[evt_desert_early].endsAt must come after its startsAt',
    ],
    [
      'waves that overlap when the event does not allow it',
      withEvent((event) => (event.waves[1].startsAt = '2027-01-20T09:00:00+03:00')),
      'catalogue/evt_desert/event.json: waves[evt_desert_general] starts (2027-01-20T06:00:00.000Z) before waves[evt_desert_early] ends',
    ],
    [
      'a timeslot outside the event',
      withTicket((ticket) => (ticket.timeslots[0].endsAt = '2027-03-07T02:00:00+03:00')),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].timeslots[tkt_desert_ga_day1]: 2027-03-04T13:00:00.000Z–2027-03-06T23:00:00.000Z is not inside the event',
    ],
    [
      'a ticket in a category the event does not have',
      withTicket((ticket) => (ticket.category = 'evt_desert_balcony')),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].category: evt_desert_balcony is not a category of evt_desert (event.json)',
    ],
    [
      'a ticket in a wave the event does not have',
      withTicket((ticket) => (ticket.wave = 'evt_desert_presale')),
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].wave: evt_desert_presale is not a wave of evt_desert (event.json)',
    ],
    [
      'one ticket id in two events',
      {
        events: [
          { event: eventFile('evt_desert'), tickets: [ticketFile('evt_desert', 'tkt_shared')] },
          {
            event: eventFile('evt_oasis'),
            tickets: [ticketFile('evt_oasis', 'tkt_shared', { extras: [], timeslots: [] })],
          },
        ],
      },
      'catalogue/evt_oasis/tickets.json tickets[tkt_shared]: the ticket id tkt_shared is already used at catalogue/evt_desert/tickets.json tickets[tkt_shared]',
    ],
    [
      'a category that is its own grandparent',
      withEvent((event) => {
        event.categories = [
          { id: 'evt_desert_floor', parent: 'evt_desert_front', name: { en: 'Floor', ar: 'الساحة' } },
          { id: 'evt_desert_front', parent: 'evt_desert_floor', name: { en: 'Front', ar: 'الأمام' } },
        ];
      }),
      'catalogue/evt_desert/event.json: categories[evt_desert_floor].parent: its parents lead back to evt_desert_floor',
    ],
    [
      'a folder named otherwise than its event',
      { events: [{ folder: 'desert', event: eventFile('evt_desert'), tickets: [ticketFile('evt_desert', 'tkt_desert_ga')] }] },
      "catalogue/desert/event.json: id evt_desert must be the folder's name, desert",
    ],
    [
      'a stray file in an event folder',
      { extra: { 'evt_desert/ticket.json': '{}' } },
      'catalogue/evt_desert/ticket.json: an event folder holds only event.json and tickets.json',
    ],
    [
      'a coupon for an event the catalogue does not have',
      { coupons: [{ code: 'OASIS10', discount: { percent: '10' }, event: 'evt_oasis' }] },
      'catalogue/coupons.json: coupons[OASIS10].event: evt_oasis is not an event of the catalogue',
    ],
    [
      'a coupon code in lower case',
      { coupons: [{ code: 'welcome', discount: { percent: '10' } }] },
      'catalogue/coupons.json: coupons[welcome].code: may hold only upper-case letters',
    ],
    [
      'a coupon giving both a percentage and an amount',
      { coupons: [{ code: 'BOTH', discount: { percent: '10', amount: '20.00' } }] },
      'catalogue/coupons.json: coupons[BOTH].discount must give either "percent" or "amount", not both',
    ],
    [
      'a coupon over 100%',
      { coupons: [{ code: 'FREE', discount: { percent: '120' } }] },
      'catalogue/coupons.json: coupons[FREE].discount.percent must be above 0 and at most 100',
    ],
    [
      'a coupon that ends before it starts',
      {
        coupons: [
          { code: 'LATE', discount: { amount: '20.00' }, validFrom: '2027-02-01T00:00:00+03:00', validUntil: '2027-01-01T00:00:00+03:00' },
        ],
      },
      'catalogue/coupons.json: coupons[LATE].validUntil must come after its validFrom',
    ],
    [
      'made-up sales beyond the capacity',
      { demoSales: { tkt_desert_ga_day1: 501 } },
      'catalogue/demo-sales.json: sold.tkt_desert_ga_day1: 501 sold is more than its capacity, 500',
    ],
  ])('catches %s, naming the file and the field', async (_, files, message) => {
    const problems = await problemsOf(files);
    expect(problems).toEqual(expect.arrayContaining([expect.stringContaining(message)]));
  });

  it('reports a broken file once, not again through what refers to its event', async () => {
    const files = withTicket((ticket) => (ticket.price = 250));
    files.coupons = [{ code: 'DESERT10', discount: { percent: '10' }, event: 'evt_desert' }];
    files.demoSales = { tkt_desert_ga: 10 };
    expect(await problemsOf(files)).toEqual([
      'catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].price: must be written as a string, such as "595.00"',
    ]);
  });

  it('lets waves overlap when the event says they may', async () => {
    const files = withEvent((event) => {
      event.overlappingWaves = true;
      event.waves[1].startsAt = '2027-01-20T09:00:00+03:00';
    });
    expect(await problemsOf(files)).toEqual([]);
  });

  it('turns the files into rows: exact halalas, UTC times, defaults the tables expect', async () => {
    const ticket = ticketFile('evt_desert', 'tkt_desert_ga', { price: '0.30', discountedPrice: '0.1', delivery: 'SHIPPED' });
    const second = ticketFile('evt_desert', 'tkt_desert_vip', { extras: [], timeslots: [], paymentMethods: ['CREDIT_CARD'] });
    const { catalogue: files, problems } = await readCatalogueFolder(
      await catalogue({ events: [{ event: eventFile('evt_desert'), tickets: [ticket, second] }] }),
    );
    expect(problems).toEqual([]);
    const rows = eventRows(files.events[0]!);
    // No waiting room unless the event sets one (decision 0044).
    expect(rows.events[0]).toMatchObject({
      waiting_room_opens_at: null,
      waiting_room_per_minute: null,
      waiting_room_checkout_minutes: null,
    });
    const withRoom = eventFile('evt_desert', { waitingRoom: { saleOpensAt: '2027-01-15T12:00:00+03:00', admissionsPerMinute: 300 } });
    const read = await readCatalogueFolder(await catalogue({ events: [{ event: withRoom, tickets: [ticket] }] }));
    expect(eventRows(read.catalogue.events[0]!).events[0]).toMatchObject({
      waiting_room_opens_at: '2027-01-15T09:00:00.000Z',
      waiting_room_per_minute: 300,
      waiting_room_checkout_minutes: 15,
    });
    expect(rows.tickets[0]).toMatchObject({
      price: 30,
      discounted_price: 10,
      max_per_order: 10,
      is_shipping_required: true,
      delivery: 'SHIPPED',
      payment_methods: ['CREDIT_CARD', 'MOBILE_WALLET', 'INSTALMENTS'],
      sort_order: 1,
      is_callback_form: false,
    });
    // `order` is the place among siblings when the file leaves it out.
    expect(rows.tickets[1]).toMatchObject({ sort_order: 2, payment_methods: ['CREDIT_CARD'] });
    expect(rows.waves[1]).toMatchObject({ starts_at: '2027-02-01T06:00:00.000Z', sort_order: 2 });
    expect(rows.timeslots[0]).toEqual({
      id: 'tkt_desert_ga_day1',
      ticket_id: 'tkt_desert_ga',
      starts_at: '2027-03-04T13:00:00.000Z',
      ends_at: '2027-03-04T20:59:00.000Z',
      capacity: 500,
    });
    expect(couponRow({ code: 'TEN', discount: { percent: 1250 } })).toMatchObject({
      coupon_type: 'PERCENTAGE',
      value: 1250,
      min_subtotal: 0,
    });
  });

  it('answers `npm run catalogue:check` with exit 1 and the problems, or 0 and a summary', async () => {
    const run = promisify(execFile);
    const script = fromRoot('scripts', 'catalogue.ts');
    const good = await run(process.execPath, [script, await catalogue()]);
    expect(good.stdout).toContain('catalogue/ is valid: 1 event, 1 ticket, 1 extra, 1 timeslot, 0 coupons.');
    const bad = await run(process.execPath, [script, await catalogue(withTicket((ticket) => (ticket.price = '-1')))]).catch(
      (error) => error,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(
      '1 problem in catalogue/:\n  catalogue/evt_desert/tickets.json: tickets[tkt_desert_ga].price: must not be negative ("-1")',
    );
  });
});
