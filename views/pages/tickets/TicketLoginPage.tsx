import { FormToken } from '../../components/FormToken.tsx';
import { useSite } from '../../site-context.tsx';
import { ShopMessage } from './ShopMessage.tsx';
import { TicketShopFrame, type ShopCartSummary, type ShopFrameEvent } from './TicketShopFrame.tsx';

export interface TicketLoginPageData {
  event: ShopFrameEvent;
  cart: ShopCartSummary | null;
}

export const TICKET_LOGIN_FORM = 'ticket-login';

/** SPEC 2.4: before checkout, a guest signs in or continues as a guest; an account saves details and earns points. */
export function TicketLoginPage({ data }: { data: TicketLoginPageData }) {
  const { t, urls, locale } = useSite();
  const action = urls.current(locale);
  return (
    <TicketShopFrame event={data.event} step="cart" cart={data.cart}>
      <div className="shop-login stack">
        <h1 className="shop__title">{t('shop:login.title')}</h1>
        <p className="shop__intro">{t('shop:login.intro')}</p>
        <ShopMessage form={TICKET_LOGIN_FORM} />
        <div className="shop-login__choices">
          <section className="shop-login__choice" aria-labelledby="ticket-login-sign-in">
            <h2 id="ticket-login-sign-in">{t('shop:login.signInTitle')}</h2>
            <p>{t('shop:login.signInText')}</p>
            <form method="post" action={action}>
              <FormToken />
              <input type="hidden" name="intent" value="sign-in" />
              <button className="button button--primary" type="submit">
                {t('shop:login.signIn')}
              </button>
            </form>
            <a className="shop-login__register" href={urls.route('accountRegister')}>
              {t('shop:login.register')}
            </a>
          </section>
          <section className="shop-login__choice" aria-labelledby="ticket-login-guest">
            <h2 id="ticket-login-guest">{t('shop:login.guestTitle')}</h2>
            <p>{t('shop:login.guestText')}</p>
            <p className="shop-login__points">
              {t('loyalty:cart.guestEarn')} <a href={urls.route('accountRegister')}>{t('loyalty:cart.guestEarnLink')}</a>
            </p>
            <form method="post" action={action}>
              <FormToken />
              <input type="hidden" name="intent" value="guest" />
              <button className="button button--ghost" type="submit">
                {t('shop:login.guest')}
              </button>
            </form>
          </section>
        </div>
      </div>
    </TicketShopFrame>
  );
}
