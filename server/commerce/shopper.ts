import type { Request } from 'express';
import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PageContext } from '../page.ts';
import { restrictCaching } from '../render/cache-policy.ts';
import { ServiceError, type CallOptions } from '../services/service-client.ts';
import { saveSession } from '../session/session-promises.ts';
import type { ShopSession } from '../session/session-data.ts';

/** SPEC 9.3: guest credentials live an hour; they are renewed after 50 minutes. */
export const GUEST_RENEWAL_MS = 50 * 60 * 1000;

const GUEST = 'guest';

/** The refusals of cartClaim after which the remembered cart is forgotten. */
const UNCLAIMABLE = ['NOT_FOUND', 'CART_NOT_ACTIVE', 'BAD_USER_INPUT'];

const CART_CLAIM: TypedDocumentNode<{ cartClaim: { id: string } }, { cartId: string; eventId: string; guestToken: string }> = gql`
  mutation ShopperCartClaim($cartId: ID!, $eventId: ID!, $guestToken: String!) {
    cartClaim(cartId: $cartId, eventId: $eventId, guestToken: $guestToken) {
      id
    }
  }
`;

/**
 * Who shops (SPEC 6, 7.2): the signed-in visitor with their access token, or a guest with
 * credentials from the identity service kept in the server session (never in the browser), plus
 * the cart of each event. A guest's cart is claimed for the user once they are signed in.
 *
 * Reading creates nothing (decision 0034): a page view uses the token the visitor already has, or
 * none, since the catalogue is open to anyone. Guest credentials, and with them the visitor's
 * session, are obtained by the first action that needs them (adding to the cart, a request form).
 */
export class Shopper {
  readonly #req: Request;

  constructor(
    private readonly context: PageContext,
    private readonly now: () => number = Date.now,
  ) {
    this.#req = context.req;
  }

  /**
   * For actions: the token to call the commerce service with, the user's or the guest's, obtaining
   * guest credentials the first time.
   */
  async token(): Promise<string> {
    const accessToken = await this.context.accessToken();
    if (accessToken) return accessToken;
    return this.guestToken();
  }

  /**
   * For loaders: the user's token, or the guest credentials this visitor's session already holds
   * (renewed after 50 minutes: the session exists already), or none.
   */
  async readToken(): Promise<string | undefined> {
    const accessToken = await this.context.accessToken();
    if (accessToken) return accessToken;
    return this.#req.session.shop?.guest ? this.guestToken() : undefined;
  }

  /** The guest's credentials, renewed after 50 minutes as the same guest. */
  async guestToken(): Promise<string> {
    // A page that depends on a guest's session is that visitor's own (decision 0014).
    restrictCaching(this.context.res, 'private');
    const shop = this.#shop();
    const guest = shop.guest;
    if (guest && this.now() - guest.obtainedAt < GUEST_RENEWAL_MS) return guest.accessToken;
    const credentials = await this.context.services.userPool.guestCredentials(guest?.identityId);
    shop.guest = { identityId: credentials.identityId, accessToken: credentials.accessToken, obtainedAt: this.now() };
    await saveSession(this.#req);
    return credentials.accessToken;
  }

  /**
   * Guest credentials for this request only, kept nowhere: for an order's page opened through its
   * e-mailed link (the secret proves whose it is) where the guest never shopped, so that reading
   * it stores nothing either.
   */
  async guestTokenForThisRequest(): Promise<string> {
    restrictCaching(this.context.res, 'private');
    return (await this.context.services.userPool.guestCredentials()).accessToken;
  }

  /** Call options for actions: `{ accessToken }` of this shopper, obtained if need be. */
  async callOptions(): Promise<CallOptions> {
    return { accessToken: await this.token() };
  }

  /** Call options for loaders: the visitor's token if they have one, else none. */
  async readOptions(): Promise<CallOptions> {
    // Shop pages show stock as it is now and track what each view lists (SPEC 9.4
    // product_impression): no shared cache keeps them, whoever asks.
    restrictCaching(this.context.res, 'private');
    const accessToken = await this.readToken();
    return accessToken ? { accessToken } : {};
  }

  /**
   * The visitor's cart for an event, if any. A signed-in visitor's cart made as a guest is claimed
   * first (`cartClaim`); one that can no longer be claimed (ordered, gone) is forgotten.
   */
  async cartIdFor(eventId: string): Promise<string | undefined> {
    const remembered = this.#req.session.shop?.carts?.[eventId];
    if (!remembered) return undefined;
    const accessToken = await this.context.accessToken();
    const owner = this.#owner();
    if (remembered.owner === owner) return remembered.cartId;
    if (!accessToken || remembered.owner !== GUEST || !this.#req.session.shop?.guest) {
      // A cart of another user of this browser, or a guest's without credentials left: not this visitor's.
      await this.forgetCart(eventId);
      return undefined;
    }
    try {
      const guestToken = await this.guestToken();
      await this.context.services.commerce.mutate(CART_CLAIM, { cartId: remembered.cartId, eventId, guestToken }, { accessToken });
    } catch (error) {
      // Ordered meanwhile, gone, or guest credentials no longer valid: nothing left to take along.
      if (error instanceof ServiceError && UNCLAIMABLE.includes(error.code ?? '')) {
        await this.forgetCart(eventId);
        return undefined;
      }
      throw error;
    }
    await this.rememberCart(eventId, remembered.cartId);
    return remembered.cartId;
  }

  async rememberCart(eventId: string, cartId: string): Promise<void> {
    restrictCaching(this.context.res, 'private');
    const shop = this.#shop();
    shop.carts = { ...shop.carts, [eventId]: { cartId, owner: this.#owner() } };
    await saveSession(this.#req);
  }

  async forgetCart(eventId: string): Promise<void> {
    const carts = this.#req.session.shop?.carts;
    if (!carts?.[eventId]) return;
    delete carts[eventId];
    await saveSession(this.#req);
  }

  /** The signed-in user's subject, or `guest`. */
  #owner(): string {
    return this.#req.session.auth?.sub ?? GUEST;
  }

  #shop(): ShopSession {
    return (this.#req.session.shop ??= {});
  }
}

const shoppers = new WeakMap<PageContext, Shopper>();

/** The request's shopper (one per page context). */
export function shopperFor(context: PageContext): Shopper {
  let shopper = shoppers.get(context);
  if (!shopper) {
    shopper = new Shopper(context);
    shoppers.set(context, shopper);
  }
  return shopper;
}

/**
 * For actions: `const call = await commerceCall(context)` then `services.commerce.mutate(DOC,
 * vars, call)`: the shopper's token, guest credentials obtained (and the session made) if need be.
 */
export async function commerceCall(context: PageContext): Promise<CallOptions> {
  return shopperFor(context).callOptions();
}

/**
 * For loaders, and for reads in actions: `services.commerce.query(DOC, vars, await
 * commerceRead(context))`: the visitor's token if they have one, else none. Creates nothing.
 */
export async function commerceRead(context: PageContext): Promise<CallOptions> {
  return shopperFor(context).readOptions();
}
