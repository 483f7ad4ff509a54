import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_NOW, type TestSite } from './support/test-site.ts';

/**
 * A sale's waiting room (decision 0044) through the site's pages, without JavaScript: places in
 * arrival order, one per visitor whatever they reload, the per-address limit, admission at the
 * room's rate, the checkout window and going back to the line after it, the status endpoint, both
 * languages, the meta refresh and no-store. The site's clock is the test's: time moves when it says.
 */

const EVENT = '/events/nabd-festival-2026';
const TICKETS = `${EVENT}/tickets`;
const WAITING = `${TICKETS}/waiting-room`;
const OPENS_AT = new Date(TEST_NOW.getTime() + 10 * 60_000);
const PER_MINUTE = 2;
const CHECKOUT_MINUTES = 10;
const PLACES_PER_ADDRESS = 3;
const METRICS_TOKEN = 'waiting-room-metrics-token';

let now = TEST_NOW;
/** Moves the site's clock; a step of 5 s or more also makes each process read its room again. */
const advanceTo = (moment: Date) => void (now = moment);
const afterOpening = (seconds: number) => new Date(OPENS_AT.getTime() + seconds * 1000);

/** The text of a page as a reader sees it, tags out. */
const text = (html: string) => decoded(html.replaceAll('<!-- -->', '').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
/** A figure of the waiting page, by its `data-line` name. */
const figure = (html: string, name: string) => new RegExp(`data-line="${name}">([^<]*)<`).exec(html)?.[1];

let addresses = 0;

/** A browser with its own cookies, from its own address unless given one (the site trusts one proxy). */
function visitor(site: TestSite, address = `198.51.100.${(addresses += 1)}`) {
  const agent = request.agent(site.app);
  return {
    get: (path: string) => agent.get(path).set('X-Forwarded-For', address),
    post: (path: string, body: Record<string, string>) =>
      agent.post(path).set('X-Forwarded-For', address).set('Sec-Fetch-Site', 'same-origin').type('form').send(body),
  };
}

describe.each(databaseBackends)('the sale waiting room on $name', (backend) => {
  let site: TestSite;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    advanceTo(TEST_NOW);
    const database = await backend.create({ startedSite: true });
    drop = database.drop;
    site = await startTestSite(
      {
        DATABASE_URL: database.url,
        TRUST_PROXY: '1',
        WAITING_ROOM_PLACES_PER_ADDRESS: String(PLACES_PER_ADDRESS),
        METRICS_TOKEN: METRICS_TOKEN,
      },
      { clock: () => now },
    );
    // What the catalogue files' `waitingRoom` imports (catalogue/README.md).
    await site.database.db.execute(
      sql`update commerce.events set waiting_room_opens_at = ${OPENS_AT.toISOString()}, waiting_room_per_minute = ${PER_MINUTE},
            waiting_room_checkout_minutes = ${CHECKOUT_MINUTES} where id = 'evt_nabd_2026'`,
    );
  });
  afterAll(async () => {
    await site?.close();
    await drop?.();
  });

  const first = () => visitor(site);
  let visitors: ReturnType<typeof visitor>[] = [];

  test('before the opening, arrivals are sent to the line in order, in English and Arabic, on a page no cache keeps', async () => {
    visitors = [first(), first(), first(), first()];
    const tickets = await visitors[0]!.get(TICKETS);
    expect({ status: tickets.status, location: tickets.headers.location, cache: tickets.headers['cache-control'] }).toEqual({
      status: 302,
      location: WAITING,
      cache: 'no-store',
    });
    // The place's cookie is signed, HttpOnly and only for the event's shop, in both languages.
    const cookies = ([] as string[]).concat(tickets.headers['set-cookie'] ?? []).filter((line) => line.startsWith('nabd.line='));
    expect(cookies.map((line) => /Path=([^;]+)/.exec(line)?.[1])).toEqual([TICKETS, `/ar${TICKETS}`]);
    expect(cookies.every((line) => /HttpOnly/i.test(line) && /^nabd\.line=s%3A/.test(line))).toBe(true);

    const waiting = await visitors[0]!.get(WAITING);
    expect(waiting.status).toBe(200);
    expect(waiting.headers['cache-control']).toBe('no-store');
    expect(text(waiting.text)).toContain("You're in line for the sale");
    expect(text(waiting.text)).toContain('The sale opens');
    expect(figure(waiting.text, 'position')).toBe('1');
    expect(figure(waiting.text, 'ahead')).toBe('0');
    // Refreshed without JavaScript, within half a minute; the page's script replaces it when it runs.
    expect(waiting.text).toMatch(
      /<noscript><meta http-equiv="refresh" content="30;url=http:\/\/localhost:3000\/events\/nabd-festival-2026\/tickets\/waiting-room"\/><\/noscript>/,
    );

    const arabic = await visitors[1]!.get(`/ar${WAITING}`);
    expect(arabic.status).toBe(200);
    expect(arabic.headers['cache-control']).toBe('no-store');
    expect(text(arabic.text)).toContain('أنت في الطابور لبدء البيع');
    expect(figure(arabic.text, 'position')).toBe('2');
    expect(figure(arabic.text, 'ahead')).toBe('1');
    expect(arabic.text).toContain('url=http://localhost:3000/ar/events/nabd-festival-2026/tickets/waiting-room');

    for (const later of visitors.slice(2)) expect((await later.get(TICKETS)).headers.location).toBe(WAITING);
  });

  test('a visitor has one place however often they reload or open the shop, in either language', async () => {
    for (const path of [WAITING, TICKETS, `${TICKETS}/cart`, WAITING, `${TICKETS}/checkout`]) await visitors[2]!.get(path);
    const waiting = await visitors[2]!.get(WAITING);
    expect(figure(waiting.text, 'position')).toBe('3');
    const [{ places } = { places: 0 }] = await queryRows<{ places: number }>(
      site.database.db,
      sql`select count(*)::int as places from waiting_room.places`,
    );
    expect(places).toBe(4);
  });

  test('a form sent from the shop while waiting goes to the line, and nothing is added', async () => {
    const response = await visitors[3]!.post(TICKETS, { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '1' });
    expect({ status: response.status, location: response.headers.location }).toEqual({ status: 303, location: WAITING });
  });

  test('one address holds at most its number of places; the next is refused in the visitor’s language (429)', async () => {
    const shared = '203.0.113.7';
    for (let index = 0; index < PLACES_PER_ADDRESS; index += 1) {
      expect((await visitor(site, shared).get(WAITING)).status).toBe(200);
    }
    const refused = await visitor(site, shared).get(WAITING);
    expect(refused.status).toBe(429);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(text(refused.text)).toContain('Too many places in line from your network');
    const arabic = await visitor(site, shared).get(`/ar${WAITING}`);
    expect(arabic.status).toBe(429);
    expect(text(arabic.text)).toContain('أماكن كثيرة في الطابور من شبكتك');
  });

  test('from the opening, places are admitted in arrival order at the room’s rate, each with its checkout window', async () => {
    // Two a minute: one place every 30 s.
    advanceTo(afterOpening(10));
    expect((await visitors[0]!.get(TICKETS)).headers.location).toBe(WAITING);

    advanceTo(afterOpening(30));
    const admitted = await visitors[0]!.get(TICKETS);
    expect(admitted.status).toBe(200);
    // "held until" the window's end, 10 minutes on, in Riyadh time (UTC+3).
    const until = new Date(afterOpening(30).getTime() + CHECKOUT_MINUTES * 60_000);
    const riyadh = new Date(until.getTime() + 3 * 3600_000).toISOString().slice(11, 16);
    expect(text(admitted.text)).toContain(`Your place is held until ${riyadh}`);
    expect(admitted.headers['cache-control']).toBe('private, no-cache');
    for (const later of visitors.slice(1)) expect((await later.get(TICKETS)).headers.location).toBe(WAITING);
    const second = await visitors[1]!.get(WAITING);
    expect(figure(second.text, 'position')).toBe('1');
    expect(figure(second.text, 'ahead')).toBe('0');

    advanceTo(afterOpening(60));
    expect((await visitors[1]!.get(`/ar${TICKETS}`)).status).toBe(200);
    expect((await visitors[2]!.get(TICKETS)).headers.location).toBe(WAITING);
    expect((await visitors[3]!.get(TICKETS)).headers.location).toBe(WAITING);

    advanceTo(afterOpening(90));
    expect((await visitors[2]!.get(TICKETS)).status).toBe(200);
    expect((await visitors[3]!.get(TICKETS)).headers.location).toBe(WAITING);

    // The admitted shop: cart and checkout steps let them through too.
    expect((await visitors[0]!.get(`${TICKETS}/cart`)).status).toBe(200);
  });

  test('the status endpoint says where a visitor stands, and where to go once admitted', async () => {
    advanceTo(afterOpening(95));
    const waiting = await visitors[3]!.get(`${WAITING}/status.json`);
    expect(waiting.headers['cache-control']).toBe('no-store');
    expect(waiting.headers['content-type']).toMatch(/^application\/json/);
    expect(waiting.body).toMatchObject({ state: 'waiting', position: 1, ahead: 0, texts: { position: '1', ahead: '0' } });
    expect(waiting.body.texts.estimate).toContain('2 visitors are let in each minute');
    const arabic = await visitors[3]!.get(`/ar${WAITING}/status.json`);
    expect(arabic.body.texts.wait).toBe('أقل من دقيقة');

    const admitted = await visitors[0]!.get(`${WAITING}/status.json`);
    expect(admitted.body).toEqual({ state: 'admitted', next: TICKETS });
    const stranger = await visitor(site).get(`${WAITING}/status.json`);
    expect(stranger.body).toEqual({ state: 'not-in-line', next: WAITING });
    // Looking created no place.
    const [{ places } = { places: 0 }] = await queryRows<{ places: number }>(
      site.database.db,
      sql`select count(*)::int as places from waiting_room.places`,
    );
    expect(places).toBe(4 + PLACES_PER_ADDRESS);
  });

  test('an admitted visitor whose window ends goes to the back of the line', async () => {
    // A crowd arrives meanwhile: the line is still long when the first window ends.
    advanceTo(afterOpening(100));
    for (let index = 0; index < 30; index += 1) await visitor(site).get(WAITING);
    advanceTo(new Date(afterOpening(30).getTime() + CHECKOUT_MINUTES * 60_000 + 1000));
    const back = await visitors[0]!.get(TICKETS);
    expect(back.headers.location).toBe(WAITING);
    const [row] = await queryRows<{ last: boolean }>(
      site.database.db,
      sql`select position = (select max(position) from waiting_room.places) as last from waiting_room.places
          where admitted_until is null order by position desc limit 1`,
    );
    expect(row?.last).toBe(true);
    const waiting = await visitors[0]!.get(WAITING);
    expect(Number(figure(waiting.text, 'ahead'))).toBeGreaterThan(0);
  });

  test('operators count places joined, admitted, refused and back in line', async () => {
    const metrics = await request(site.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    const count = (outcome: string) =>
      Number(new RegExp(`nabd_waiting_room_places_total\\{event="evt_nabd_2026",outcome="${outcome}"\\} (\\d+)`).exec(metrics.text)?.[1]);
    expect({ joined: count('joined'), admitted: count('admitted'), refused: count('refused'), rejoined: count('rejoined') }).toEqual({
      joined: 4 + PLACES_PER_ADDRESS + 30,
      admitted: 3,
      refused: 2,
      rejoined: 1,
    });
  });

  test('the event page, the confirmation, accounts and probes are never behind the room', async () => {
    const stranger = visitor(site);
    expect((await stranger.get(EVENT)).status).toBe(200);
    expect((await stranger.get(`/ar${EVENT}`)).status).toBe(200);
    expect((await stranger.get('/healthz')).status).toBe(200);
    expect((await stranger.get('/account')).headers.location).toMatch(/^\/account\/login/);
    const confirmation = await stranger.get(`${TICKETS}/confirmation?order=NBD-NOTHING`);
    expect(confirmation.headers.location ?? '').not.toContain('waiting-room');
    // An event without a waiting room sells as before.
    expect((await stranger.get('/events/dunes-sessions-2027/tickets')).status).toBe(200);
  });
});
