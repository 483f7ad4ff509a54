import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM } from '#platform/mail/mailer.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startMailCatcher, type MailCatcher } from '#test/support/mail-catcher.ts';
import { signedDownloadUrl } from './ticket-links.ts';
import { insertOrder } from './test-support/paid-orders.ts';
import { startCommerceService, TEST_COMMERCE_SECRET, type RunningCommerceService, type TestUser } from './test-support/commerce-fixture.ts';

const ORDER = `query($orderId: ID!, $includeAssignment: Boolean, $secretUuid: ID) {
  order(orderId: $orderId, includeAssignment: $includeAssignment, secretUuid: $secretUuid) {
    id eventId customerId state paymentMethod ticketsAssigned completedAt createdAt holdExpiresAt paymentLink
    customer { firstName lastName email }
    couponCodes { code }
    items { id catalogueItemId name { en ar } quantity total { amount currency } timeslot { id dateTimeRange { start end } } custom { delivery } }
    subtotalPrice { amount } totalPrice { amount } totalPriceExcluding { amount } vatAmount { amount } cartDiscountPrice { amount }
    pdfTickets { id orderItemId name { en ar } holder { firstName lastName email } }
  }
}`;
const ORDERS = `query($eventId: ID, $limit: Int, $direction: SortDirection, $page: Int) {
  orders(eventId: $eventId, limit: $limit, direction: $direction, page: $page) { items { id eventId completedAt } currentPage pageSize totalCount totalPages }
}`;
const ORDERS_WITH_HOLDERS = `query($includeAssignment: Boolean) {
  orders(limit: 50, includeAssignment: $includeAssignment) { items { id pdfTickets { id holder { firstName lastName email } } } }
}`;
const DOWNLOAD = `query($ticketId: ID!, $secretUuid: ID) { ticketDownloadUrl(ticketId: $ticketId, secretUuid: $secretUuid) }`;
const ASSIGN = `mutation($orderId: ID!, $secretUuid: ID, $ticketAssignments: [TicketAssignmentInput!]!) {
  assignOrderTickets(orderId: $orderId, secretUuid: $secretUuid, ticketAssignments: $ticketAssignments) {
    id ticketsAssigned pdfTickets { id holder { firstName lastName email } }
  }
}`;
const GROUP_REQUEST = `mutation($form: ApplicationRequestForm!) { groupTicketsApplicationRequest(form: $form) { id status } }`;
const BOX_REQUEST = `mutation($form: ApplicationRequestForm!) { premiumBoxApplicationRequest(form: $form) { id status } }`;
const WHATSAPP = `mutation($input: WhatsappOptinInput!) { whatsappOptin(input: $input) { status } }`;

const GA = { ticketId: 'tkt_nabd_ga', quantity: 2, price: 115000 };
const DAY_PASS = { ticketId: 'tkt_nabd_day_pass', quantity: 1, price: 49500, timeslotId: 'slot_nabd_day1' };

type Body = {
  data?: Record<string, any> | null;
  errors?: { message: string; extensions: { code: string; fields?: Record<string, string> } }[];
};

describe.each(databaseBackends)('tickets after payment on $name', (backend) => {
  let commerce: RunningCommerceService;
  let mail: MailCatcher;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const mailer = createMailer({
      smtpUrl: mail.url,
      from: DEFAULT_MAIL_FROM,
      dataDir: 'memory://',
      logger: createLogger({ level: 'silent' }),
    });
    commerce = await startCommerceService(backend, { mailer });
    owner = await commerce.signUp('owner@example.com', { givenName: 'Layla', familyName: 'Haddad' });
    stranger = await commerce.signUp('stranger@example.com');
  });
  afterAll(async () => {
    await commerce.close();
    await mail.close();
  });
  beforeEach(() => commerce.clock.set('2026-11-21T12:00:00Z'));

  const call = async (query: string, variables: Record<string, unknown>, token?: string): Promise<Body> =>
    (await commerce.call({ query, variables }, token)).body as Body;
  const codeOf = (body: Body) => body.errors?.[0]?.extensions.code;
  const fieldsOf = (body: Body) => body.errors?.[0]?.extensions.fields;

  /** A paid order of the owner's with its tickets issued (its fulfilment job's work). */
  async function paidOrder(options: Partial<Parameters<typeof insertOrder>[1]> = {}) {
    const placed = await insertOrder(commerce.database.db, {
      customerId: owner.customerId,
      email: owner.email,
      lines: [GA, DAY_PASS],
      ...options,
    });
    await commerce.service.parts.fulfilment.fulfil(placed.orderId);
    return placed;
  }
  const ticketsOf = async (orderId: string) =>
    queryRows<{ id: string; serial: number; ticket_id: string }>(
      commerce.database.db,
      sql`select id::text as id, serial, ticket_id from commerce.issued_tickets where order_id = ${orderId} order by serial`,
    );

  describe('issuing', () => {
    it('issues one ticket per unit, numbered 1..n, once however often fulfilment runs, and e-mails once', async () => {
      const { orderId } = await insertOrder(commerce.database.db, {
        customerId: owner.customerId,
        email: 'issue-once@example.com',
        lines: [GA, DAY_PASS],
      });
      const { fulfilment } = commerce.service.parts;
      const issued = await Promise.all([fulfilment.fulfil(orderId), fulfilment.fulfil(orderId)]);
      expect(issued.sort()).toEqual([0, 3]);
      expect(await fulfilment.fulfil(orderId)).toBe(0);
      const tickets = await ticketsOf(orderId);
      expect(tickets.map((ticket) => [ticket.serial, ticket.ticket_id])).toEqual([
        [1, 'tkt_nabd_ga'],
        [2, 'tkt_nabd_ga'],
        [3, 'tkt_nabd_day_pass'],
      ]);
      await mail.nextMessage('issue-once@example.com');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mail.pending('issue-once@example.com')).toHaveLength(0);
    });

    it('issues the tickets and e-mails them when the order lifecycle settles a payment (its fulfilment job)', async () => {
      const { orderId } = await insertOrder(commerce.database.db, {
        customerId: owner.customerId,
        email: 'settled@example.com',
        lines: [GA],
        state: 'PENDING_PAYMENT',
      });
      const { lifecycle } = commerce.service.parts;
      const outcome = await commerce.database.db.transaction((tx) => lifecycle.payIn(tx as never, orderId, commerce.clock.now()));
      expect(outcome).toBe('PAID');
      await lifecycle.paid(orderId);
      expect(await ticketsOf(orderId)).toHaveLength(2);
      expect((await mail.nextMessage('settled@example.com')).subject).toContain(orderId);
    });

    it('issues nothing for an order that is not paid', async () => {
      const { orderId } = await insertOrder(commerce.database.db, { customerId: owner.customerId, lines: [GA], state: 'PENDING_PAYMENT' });
      expect(await commerce.service.parts.fulfilment.fulfil(orderId)).toBe(0);
      expect(await ticketsOf(orderId)).toHaveLength(0);
    });
  });

  describe('the confirmation e-mail', () => {
    it('says the order, items, totals with VAT, ticket links and the order link in English', async () => {
      const { orderId } = await paidOrder({ email: 'english@example.com' });
      const message = await mail.nextMessage('english@example.com');
      expect(message.subject).toBe(`Your tickets for Nabd Festival 2026: order ${orderId}`);
      expect(message.text).toContain(`Order: ${orderId}`);
      expect(message.text).toContain('2 × ');
      expect(message.text).toMatch(/Total, VAT included: .*2,795\.00/);
      expect(message.text).toMatch(/Of which VAT \(15%\): .*364\.57/);
      const links = message.text.match(/http:\/\/localhost:3000\/commerce\/tickets\/[0-9a-f-]+\.pdf\?expires=\d+&signature=[\w-]+/g) ?? [];
      expect(links).toHaveLength(3);
      expect(message.text).toContain('Download links work for one hour');
      // A user's link needs the sign-in, not the order's secret.
      expect(message.text).toContain(`/events/nabd-festival-2026/tickets/confirmation?order=${orderId}`);
      expect(message.text).not.toContain('secret=');
      expect(message.html).toContain('<html lang="en" dir="ltr">');
      expect(message.html).not.toMatch(/<img|<script/);
      // The link in the e-mail downloads the PDF.
      const path = new URL(links[0]!);
      const download = await commerce.http().get(path.pathname.replace(/^\/commerce/, '/commerce') + path.search);
      expect(download.status).toBe(200);
    });

    it('is in Arabic, right to left, for an Arabic order, and carries a guest its secret link', async () => {
      const guest = await commerce.guest();
      const placed = await insertOrder(commerce.database.db, {
        customerId: guest.customerId,
        email: 'arabic@example.com',
        lines: [GA],
        locale: 'ar',
        returnUrl: 'http://localhost:3000/ar/events/nabd-festival-2026/tickets/confirmation',
      });
      await commerce.service.parts.fulfilment.fulfil(placed.orderId);
      const message = await mail.nextMessage('arabic@example.com');
      expect(message.subject).toBe(`تذاكرك لفعالية مهرجان نبض 2026: الطلب ${placed.orderId}`);
      expect(message.text).toContain('الإجمالي شاملًا ضريبة القيمة المضافة');
      expect(message.text).toContain('تعمل روابط التنزيل لمدة ساعة واحدة');
      expect(message.html).toContain('<html lang="ar" dir="rtl">');
      expect(message.text).toContain(
        `/ar/events/nabd-festival-2026/tickets/confirmation?order=${placed.orderId}&secret=${placed.secretUuid}`,
      );
    });
  });

  describe('order and orders', () => {
    it('shows the owner every field, and the tickets with holders only when asked', async () => {
      const { orderId } = await paidOrder();
      const body = await call(ORDER, { orderId }, owner.accessToken);
      const order = body.data!.order;
      expect(order).toMatchObject({
        id: orderId,
        eventId: 'evt_nabd_2026',
        customerId: owner.customerId,
        state: 'PAID',
        paymentMethod: 'CREDIT_CARD',
        ticketsAssigned: false,
        holdExpiresAt: null,
        paymentLink: null,
        totalPrice: { amount: '2795.00' },
        vatAmount: { amount: '364.57' },
        totalPriceExcluding: { amount: '2430.43' },
      });
      expect(order.items).toHaveLength(2);
      expect(order.items[1].timeslot).toEqual({
        id: 'slot_nabd_day1',
        dateTimeRange: { start: '2026-12-10T12:00:00.000Z', end: '2026-12-10T20:59:00.000Z' },
      });
      expect(order.pdfTickets).toHaveLength(3);
      expect(order.pdfTickets[0]).toMatchObject({ orderItemId: order.items[0].id, holder: null });
    });

    it('shows a pending order its payment link and hold, and no longer once the hold ran out', async () => {
      const { orderId } = await insertOrder(commerce.database.db, { customerId: owner.customerId, lines: [GA], state: 'PENDING_PAYMENT' });
      await commerce.database.db.execute(
        sql`insert into commerce.payments (id, order_id, provider, state, amount, payment_link)
            values (${`pay_${orderId}`}, ${orderId}, 'card', 'PENDING', 230000, 'http://localhost:3000/sandbox/card/pay_1')`,
      );
      const pending = (await call(ORDER, { orderId }, owner.accessToken)).data!.order;
      expect(pending).toMatchObject({
        state: 'PENDING_PAYMENT',
        holdExpiresAt: '2026-11-21T12:15:00.000Z',
        paymentLink: 'http://localhost:3000/sandbox/card/pay_1',
        pdfTickets: [],
        completedAt: null,
      });
      commerce.clock.advance(16 * 60 * 1000);
      const expired = (await call(ORDER, { orderId }, owner.accessToken)).data!.order;
      expect(expired).toMatchObject({ state: 'EXPIRED', holdExpiresAt: null, paymentLink: null });
    });

    it('is null for another customer, and found by a guest holding its secret', async () => {
      const { orderId, secretUuid } = await paidOrder();
      expect((await call(ORDER, { orderId }, stranger.accessToken)).data!.order).toBeNull();
      const guest = await commerce.guest();
      expect((await call(ORDER, { orderId }, guest.accessToken)).data!.order).toBeNull();
      expect(
        (await call(ORDER, { orderId, secretUuid: '00000000-0000-4000-8000-000000000000' }, guest.accessToken)).data!.order,
      ).toBeNull();
      expect((await call(ORDER, { orderId, secretUuid }, guest.accessToken)).data!.order.id).toBe(orderId);
      expect(codeOf(await call(ORDER, { orderId, secretUuid }))).toBe('UNAUTHENTICATED');
    });

    it("lists a user's paid orders a page at a time, newest first or oldest first, by event", async () => {
      const user = await commerce.signUp('history@example.com');
      const completed = ['2026-11-01T10:00:00Z', '2026-11-03T10:00:00Z', '2026-11-02T10:00:00Z'];
      const ids: string[] = [];
      for (const time of completed) {
        ids.push(
          (await insertOrder(commerce.database.db, { customerId: user.customerId, lines: [GA], completedAt: new Date(time) })).orderId,
        );
      }
      await insertOrder(commerce.database.db, { customerId: user.customerId, lines: [GA], state: 'PENDING_PAYMENT' });
      await insertOrder(commerce.database.db, { customerId: stranger.customerId, lines: [GA] });

      const first = (await call(ORDERS, { limit: 2 }, user.accessToken)).data!.orders;
      expect(first).toMatchObject({ currentPage: 1, pageSize: 2, totalCount: 3, totalPages: 2 });
      expect(first.items.map((order: { id: string }) => order.id)).toEqual([ids[1], ids[2]]);
      const second = (await call(ORDERS, { limit: 2, page: 2 }, user.accessToken)).data!.orders;
      expect(second.items.map((order: { id: string }) => order.id)).toEqual([ids[0]]);
      const oldest = (await call(ORDERS, { limit: 10, direction: 'asc' }, user.accessToken)).data!.orders;
      expect(oldest.items.map((order: { id: string }) => order.id)).toEqual([ids[0], ids[2], ids[1]]);
      const beyond = (await call(ORDERS, { limit: 2, page: 5 }, user.accessToken)).data!.orders;
      expect(beyond).toMatchObject({ items: [], totalCount: 3, totalPages: 2 });
      const otherEvent = (await call(ORDERS, { eventId: 'evt_other' }, user.accessToken)).data!.orders;
      expect(otherEvent).toMatchObject({ items: [], totalCount: 0, totalPages: 1 });
    });

    it('refuses the order list to guests and out-of-range paging', async () => {
      const guest = await commerce.guest();
      expect(codeOf(await call(ORDERS, {}, guest.accessToken))).toBe('FORBIDDEN');
      expect(codeOf(await call(ORDERS, {}))).toBe('UNAUTHENTICATED');
      const tooMany = await call(ORDERS, { limit: 51, page: 0 }, owner.accessToken);
      expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
      expect(fieldsOf(tooMany)).toEqual({ limit: 'validation:choice', page: 'validation:choice' });
    });
  });

  describe('ticket downloads', () => {
    it('gives the owner a signed link that serves the PDF for an hour, then 403', async () => {
      const { orderId } = await paidOrder();
      const [ticket] = await ticketsOf(orderId);
      const url = new URL((await call(DOWNLOAD, { ticketId: ticket!.id }, owner.accessToken)).data!.ticketDownloadUrl);
      expect(url.origin).toBe('http://localhost:3000');
      expect(url.searchParams.get('expires')).toBe(String(Date.parse('2026-11-21T12:00:00Z') / 1000 + 3600));
      const response = await commerce
        .http()
        .get(url.pathname + url.search)
        .buffer(true);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(
        Buffer.from(response.body as Buffer)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');

      commerce.clock.advance(3600 * 1000);
      const expired = await commerce.http().get(url.pathname + url.search);
      expect(expired.status).toBe(403);
      expect(expired.text).toContain('expired');
    });

    it('refuses a tampered signature or expiry with 403, and a signed link to no ticket with 404', async () => {
      const { orderId } = await paidOrder();
      const [ticket] = await ticketsOf(orderId);
      const url = new URL((await call(DOWNLOAD, { ticketId: ticket!.id }, owner.accessToken)).data!.ticketDownloadUrl);
      const signature = url.searchParams.get('signature')!;
      const tampered = new URL(url);
      tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
      expect((await commerce.http().get(tampered.pathname + tampered.search)).status).toBe(403);
      const later = new URL(url);
      later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 86_400));
      expect((await commerce.http().get(later.pathname + later.search)).status).toBe(403);
      expect((await commerce.http().get(url.pathname)).status).toBe(403);
      const unknown = new URL(
        signedDownloadUrl({
          secret: TEST_COMMERCE_SECRET,
          baseUrl: 'http://localhost:3000',
          ticketId: '6a0c8a8e-8c1d-4d55-9a55-2b7f0f1d2c3a',
          now: commerce.clock.now(),
        }),
      );
      expect((await commerce.http().get(unknown.pathname + unknown.search)).status).toBe(404);
    });

    it("is NOT_FOUND for another customer's ticket, and given to a guest holding the secret", async () => {
      const { orderId, secretUuid } = await paidOrder();
      const [ticket] = await ticketsOf(orderId);
      expect(codeOf(await call(DOWNLOAD, { ticketId: ticket!.id }, stranger.accessToken))).toBe('NOT_FOUND');
      expect(codeOf(await call(DOWNLOAD, { ticketId: 'not-a-ticket' }, stranger.accessToken))).toBe('NOT_FOUND');
      const guest = await commerce.guest();
      expect((await call(DOWNLOAD, { ticketId: ticket!.id, secretUuid }, guest.accessToken)).data!.ticketDownloadUrl).toMatch(
        /\.pdf\?expires=/,
      );
    });
  });

  describe('assignment', () => {
    const holder = (ticketId: string, firstName = 'Omar') => ({
      ticketId,
      firstName,
      lastName: 'Saleh',
      email: `${firstName.toLowerCase()}@example.com`,
    });

    it('names holders, replaces them when named again, and tells when every ticket has one', async () => {
      const { orderId } = await paidOrder();
      const tickets = await ticketsOf(orderId);
      const partly = (await call(ASSIGN, { orderId, ticketAssignments: [holder(tickets[0]!.id)] }, owner.accessToken)).data!
        .assignOrderTickets;
      expect(partly.ticketsAssigned).toBe(false);
      expect(partly.pdfTickets[0].holder).toEqual({ firstName: 'Omar', lastName: 'Saleh', email: 'omar@example.com' });
      const all = (
        await call(
          ASSIGN,
          { orderId, ticketAssignments: tickets.map((ticket, index) => holder(ticket.id, ['Noura', 'Fahad', 'Sara'][index])) },
          owner.accessToken,
        )
      ).data!.assignOrderTickets;
      expect(all.ticketsAssigned).toBe(true);
      expect(all.pdfTickets.map((ticket: { holder: { firstName: string } }) => ticket.holder.firstName)).toEqual([
        'Noura',
        'Fahad',
        'Sara',
      ]);
      const read = (await call(ORDER, { orderId, includeAssignment: true }, owner.accessToken)).data!.order;
      expect(read.pdfTickets[0].holder.firstName).toBe('Noura');
      // SPEC 2.4: the account's list of orders shows the holders too when asked, and only then.
      const listed = async (includeAssignment: boolean) =>
        (await call(ORDERS_WITH_HOLDERS, { includeAssignment }, owner.accessToken)).data!.orders.items.find(
          (order: { id: string }) => order.id === orderId,
        );
      expect((await listed(true)).pdfTickets.map((ticket: { holder: { firstName: string } }) => ticket.holder.firstName)).toEqual([
        'Noura',
        'Fahad',
        'Sara',
      ]);
      expect((await listed(false)).pdfTickets.every((ticket: { holder: unknown }) => ticket.holder === null)).toBe(true);
    });

    it('refuses invalid names and addresses field by field, and changes nothing', async () => {
      const { orderId } = await paidOrder();
      const tickets = await ticketsOf(orderId);
      const body = await call(
        ASSIGN,
        {
          orderId,
          ticketAssignments: [
            { ticketId: tickets[0]!.id, firstName: ' ', lastName: 'Saleh', email: 'omar@example.com' },
            { ticketId: tickets[1]!.id, firstName: 'Omar', lastName: 'x'.repeat(81), email: 'not-an-address' },
          ],
        },
        owner.accessToken,
      );
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(fieldsOf(body)).toEqual({
        'ticketAssignments.0.firstName': 'validation:required',
        'ticketAssignments.1.lastName': 'validation:maxLengthOf',
        'ticketAssignments.1.email': 'validation:email',
      });
      const read = (await call(ORDER, { orderId, includeAssignment: true }, owner.accessToken)).data!.order;
      expect(read.pdfTickets.every((ticket: { holder: unknown }) => ticket.holder === null)).toBe(true);
    });

    it("refuses tickets of another order, other customers' orders and unpaid orders", async () => {
      const first = await paidOrder();
      const second = await paidOrder();
      const [foreign] = await ticketsOf(second.orderId);
      const [own] = await ticketsOf(first.orderId);
      expect(
        codeOf(
          await call(ASSIGN, { orderId: first.orderId, ticketAssignments: [holder(own!.id), holder(foreign!.id)] }, owner.accessToken),
        ),
      ).toBe('NOT_FOUND');
      expect(
        (await call(ORDER, { orderId: first.orderId, includeAssignment: true }, owner.accessToken)).data!.order.pdfTickets[0].holder,
      ).toBeNull();
      expect(codeOf(await call(ASSIGN, { orderId: first.orderId, ticketAssignments: [holder(own!.id)] }, stranger.accessToken))).toBe(
        'NOT_FOUND',
      );
      const pending = await insertOrder(commerce.database.db, { customerId: owner.customerId, lines: [GA], state: 'PENDING_PAYMENT' });
      expect(codeOf(await call(ASSIGN, { orderId: pending.orderId, ticketAssignments: [holder(own!.id)] }, owner.accessToken))).toBe(
        'ORDER_STATE',
      );
      const guest = await commerce.guest();
      const bySecret = await call(
        ASSIGN,
        { orderId: first.orderId, secretUuid: first.secretUuid, ticketAssignments: [holder(own!.id)] },
        guest.accessToken,
      );
      expect(bySecret.data!.assignOrderTickets.pdfTickets[0].holder.firstName).toBe('Omar');
    });
  });

  describe('request forms', () => {
    const form = (changes: Record<string, unknown> = {}) => ({
      eventId: 'evt_nabd_2026',
      ticketId: 'tkt_nabd_group',
      firstName: 'Reem',
      lastName: 'Alotaibi',
      email: 'Reem@Example.com',
      phoneNumber: '+966 50 123 4567',
      contactOption: 'whatsapp',
      days: ['2026-12-11', '2026-12-10'],
      groupSize: 25,
      groupType: 'corporate',
      isPremiumBoxCustomer: false,
      companyName: 'Riyadh Events Co.',
      locale: 'ar',
      ...changes,
    });

    it("stores a guest's group request and a user's premium box request for the sales team", async () => {
      const guest = await commerce.guest();
      const group = (await call(GROUP_REQUEST, { form: form() }, guest.accessToken)).data!.groupTicketsApplicationRequest;
      expect(group.status).toBe('RECEIVED');
      const [stored] = await queryRows<{ offering: string; customer_id: string; form: Record<string, unknown> }>(
        commerce.database.db,
        sql`select offering, customer_id, form from commerce.application_requests where id = ${group.id}`,
      );
      expect(stored).toMatchObject({ offering: 'GROUP', customer_id: guest.customerId });
      expect(stored!.form).toMatchObject({
        email: 'reem@example.com',
        phoneNumber: '+966501234567',
        days: ['2026-12-10', '2026-12-11'],
        groupSize: 25,
      });
      const box = await call(BOX_REQUEST, { form: form({ ticketId: 'tkt_nabd_premium_box', groupSize: 12 }) }, owner.accessToken);
      expect(box.data!.premiumBoxApplicationRequest.status).toBe('RECEIVED');
    });

    it('refuses an offer of the other kind or of a cart, days outside the event, and bad fields', async () => {
      const guest = await commerce.guest();
      expect(codeOf(await call(GROUP_REQUEST, { form: form({ ticketId: 'tkt_nabd_premium_box' }) }, guest.accessToken))).toBe('NOT_FOUND');
      expect(codeOf(await call(GROUP_REQUEST, { form: form({ ticketId: 'tkt_nabd_ga' }) }, guest.accessToken))).toBe('NOT_FOUND');
      const outside = await call(GROUP_REQUEST, { form: form({ days: ['2026-12-20'] }) }, guest.accessToken);
      expect(fieldsOf(outside)).toEqual({ days: 'validation:choice' });
      const bad = await call(
        GROUP_REQUEST,
        { form: form({ groupSize: 501, phoneNumber: '0501234567', email: 'nope', days: [], firstName: '' }) },
        guest.accessToken,
      );
      expect(fieldsOf(bad)).toEqual({
        firstName: 'validation:required',
        email: 'validation:email',
        phoneNumber: 'validation:phone',
        days: 'validation:required',
        groupSize: 'validation:groupSize',
      });
      expect(codeOf(await call(GROUP_REQUEST, { form: form() }))).toBe('UNAUTHENTICATED');
    });
  });

  describe('WhatsApp consent', () => {
    it('opts in once, then answers ALREADY_OPTED_IN, and marks the order', async () => {
      const { orderId } = await paidOrder();
      const input = { phoneNumber: '+966 55 000 1111', orderId, locale: 'en' };
      expect((await call(WHATSAPP, { input }, owner.accessToken)).data!.whatsappOptin.status).toBe('OPTED_IN');
      expect(
        (await call(WHATSAPP, { input: { ...input, phoneNumber: '+966550001111' } }, owner.accessToken)).data!.whatsappOptin.status,
      ).toBe('ALREADY_OPTED_IN');
      const [order] = await queryRows<{ whatsapp_consent: boolean }>(
        commerce.database.db,
        sql`select whatsapp_consent from commerce.orders where id = ${orderId}`,
      );
      expect(order!.whatsapp_consent).toBe(true);
    });

    it("refuses a bad number and another customer's order", async () => {
      const { orderId } = await paidOrder();
      expect(fieldsOf(await call(WHATSAPP, { input: { phoneNumber: '12345', locale: 'en' } }, owner.accessToken))).toEqual({
        phoneNumber: 'validation:phone',
      });
      expect(codeOf(await call(WHATSAPP, { input: { phoneNumber: '+966550002222', orderId, locale: 'en' } }, stranger.accessToken))).toBe(
        'NOT_FOUND',
      );
      const [optin] = await queryRows<{ total: number | string }>(
        commerce.database.db,
        sql`select count(*) as total from commerce.whatsapp_optins where phone_number = '+966550002222'`,
      );
      expect(Number(optin!.total)).toBe(0);
    });
  });
});
