import { sql } from 'drizzle-orm';
import express from 'express';
import session from 'express-session';
import request from 'supertest';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { ISSUER, WEBSITE } from '#identity/test-support/identity-fixture.ts';
import { startCommerceService, type RunningCommerceService, type TestUser } from '#graphql/commerce/test-support/commerce-fixture.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { HttpUserPoolClient } from '../auth/user-pool-client.ts';
import type { PageContext } from '../page.ts';
import { ServiceClient } from '../services/service-client.ts';
import type { SiteServices } from '../services/site-services.ts';
import { GUEST_RENEWAL_MS, Shopper, commerceCall, commerceRead } from './shopper.ts';

const CART_CREATE: TypedDocumentNode<{ cartCreate: { id: string } }, Record<string, never>> = gql`
  mutation ShopperTestCart {
    cartCreate(eventId: "evt_nabd_2026", input: { items: [{ catalogueItemId: "tkt_nabd_ga", quantity: 1 }] }) {
      id
    }
  }
`;
const EVENT: TypedDocumentNode<{ event: { id: string } | null }, Record<string, never>> = gql`
  query ShopperTestEvent {
    event(eventId: "evt_nabd_2026") {
      id
    }
  }
`;
const CART: TypedDocumentNode<{ cart: { id: string; customerEmail: string | null } | null }, { cartId: string }> = gql`
  query ShopperTestRead($cartId: ID!) {
    cart(cartId: $cartId, eventId: "evt_nabd_2026") {
      id
      customerEmail
    }
  }
`;

/**
 * The shopper over the real identity and commerce services, in a web app with real sessions: the
 * routes below stand in for page loaders and actions (the session's `auth` for a sign-in).
 */
describe.each(databaseBackends)('the shopper on $name', (backend) => {
  let commerce: RunningCommerceService;
  let app: express.Express;
  let store: session.MemoryStore;
  /** How far the shopper's clock is ahead of the real one. */
  let ahead = 0;
  let user: TestUser;

  beforeAll(async () => {
    commerce = await startCommerceService(backend);
    user = await commerce.signUp('shopper@example.com');
    const services = {
      userPool: new HttpUserPoolClient({
        baseUrl: `${ISSUER}/api`,
        clientId: WEBSITE.clientId,
        clientSecret: WEBSITE.clientSecret,
        fetch: commerce.identity.fetch,
      }),
      commerce: new ServiceClient({
        name: 'commerce',
        url: 'http://localhost:3000/graphql/commerce',
        fetch: createInProcessFetch(express().use('/graphql/commerce', commerce.service.router)),
      }),
    } as Partial<SiteServices> as SiteServices;
    store = new session.MemoryStore();
    app = express();
    app.use(express.json());
    app.use(session({ secret: 'test-session-secret-of-length', resave: false, saveUninitialized: false, store }));
    const contextOf = (req: express.Request, res: express.Response) =>
      ({ req, res, services, accessToken: async () => req.session.auth?.tokens.accessToken }) as Partial<PageContext> as PageContext;
    const shopperOf = (req: express.Request, res: express.Response) => new Shopper(contextOf(req, res), () => Date.now() + ahead);
    app.post('/cart', async (req, res) => {
      const context = contextOf(req, res);
      const shopper = shopperOf(req, res);
      const { cartCreate } = await services.commerce.mutate(CART_CREATE, {}, await commerceCall(context));
      await shopper.rememberCart('evt_nabd_2026', cartCreate.id);
      res.json({ done: true });
    });
    app.get('/cart', async (req, res) => {
      const shopper = shopperOf(req, res);
      const cartId = await shopper.cartIdFor('evt_nabd_2026');
      const cart = cartId ? (await services.commerce.query(CART, { cartId }, { accessToken: await shopper.readToken() })).cart : null;
      res.json({ cart });
    });
    app.get('/event', async (req, res) => {
      const read = await commerceRead(contextOf(req, res));
      res.json({ read, event: (await services.commerce.query(EVENT, {}, read)).event });
    });
    app.post('/sign-in', (req, res) => {
      req.session.auth = { sub: user.id, tokens: { accessToken: user.accessToken } } as never;
      res.json({ done: true });
    });
  });
  afterAll(() => commerce.close());

  // express-session's memory store keeps each session as JSON under its id.
  const sessions = () => (store as unknown as { sessions: Record<string, string> }).sessions;
  const stored = (id: string) => JSON.parse(sessions()[id]!);
  /** A browser, and a look into its server-side session. */
  async function visitor() {
    const browser = request.agent(app);
    const first = await browser.post('/cart');
    expect(first.status).toBe(200);
    const id = /connect\.sid=s%3A([^.]+)\./.exec(String(first.headers['set-cookie']))![1]!;
    return { browser, first, session: () => stored(id) };
  }

  it('reads the catalogue for a visitor without credentials with none: no guest credentials, no session', async () => {
    const before = Object.keys(sessions()).length;
    const browser = request.agent(app);
    for (let visit = 0; visit < 3; visit++) {
      const read = await browser.get('/event');
      // No token at all: the catalogue is open to anyone.
      expect(read.body.read).toEqual({});
      expect(read.body.event.id).toBe('evt_nabd_2026');
      expect(read.headers['set-cookie']).toBeUndefined();
      expect((await browser.get('/cart')).body).toEqual({ cart: null });
    }
    expect(Object.keys(sessions()).length).toBe(before);
  });

  it('reads with the guest credentials a visitor already has, once they acted', async () => {
    const { browser, session } = await visitor();
    const read = await browser.get('/event');
    expect(read.body.read).toEqual({ accessToken: session().shop.guest.accessToken });
  });

  it('gets guest credentials for a visitor who acts, keeps them in the session and never sends them to the browser', async () => {
    const { browser, first: created, session } = await visitor();
    const guest = session().shop.guest;
    expect(guest.accessToken).toMatch(/^ey/);
    expect(Object.keys(session().shop.carts)).toEqual(['evt_nabd_2026']);
    expect(session().shop.carts.evt_nabd_2026.owner).toBe('guest');
    const everythingSent = JSON.stringify([created.headers, created.text]);
    expect(everythingSent).not.toContain(guest.accessToken);
    expect(everythingSent).not.toContain(guest.identityId);

    const read = await browser.get('/cart');
    expect(read.body.cart.id).toBe(session().shop.carts.evt_nabd_2026.cartId);
    expect(JSON.stringify([read.headers, read.text])).not.toContain(guest.accessToken);
    // The same credentials while fresh.
    expect(session().shop.guest.accessToken).toBe(guest.accessToken);
  });

  it('renews the guest credentials after 50 minutes as the same guest, who keeps the cart', async () => {
    const { browser, session } = await visitor();
    const first = session().shop.guest;
    ahead = GUEST_RENEWAL_MS + 1000;
    const read = await browser.get('/cart');
    const renewed = session().shop.guest;
    expect(renewed.identityId).toBe(first.identityId);
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(read.body.cart.id).toBe(session().shop.carts.evt_nabd_2026.cartId);
  });

  it("claims a guest's cart for the user once they signed in", async () => {
    const { browser, session } = await visitor();
    const cartId = session().shop.carts.evt_nabd_2026.cartId;
    await browser.post('/sign-in');
    const read = await browser.get('/cart');
    expect(read.body.cart).toMatchObject({ id: cartId, customerEmail: 'shopper@example.com' });
    expect(session().shop.carts.evt_nabd_2026.owner).toBe(user.id);
    // The guest no longer has it.
    const asGuest = await commerce.call(
      { query: `{ cart(cartId: "${cartId}", eventId: "evt_nabd_2026") { id } }` },
      session().shop.guest.accessToken,
    );
    expect(asGuest.body.data.cart).toBeNull();
  });

  it('forgets a remembered cart that can no longer be claimed', async () => {
    const { browser, session } = await visitor();
    const cartId = session().shop.carts.evt_nabd_2026.cartId;
    await commerce.database.db.execute(sql`update commerce.carts set state = 'ORDERED' where id = ${cartId}`);
    await browser.post('/sign-in');
    const read = await browser.get('/cart');
    expect(read.body.cart).toBeNull();
    expect(session().shop.carts).toEqual({});
  });
});
