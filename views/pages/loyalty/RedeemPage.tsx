import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage, TextField } from '../../components/FormField.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { useSite } from '../../site-context.tsx';
import { usePoints } from '../../components/loyalty-points.ts';

export const REDEEM_CLAIM_FORM = 'loyalty-claim';
export const REDEEM_GUEST_FORM = 'loyalty-claim-guest';

/** The commerce service's LoyaltyOrderClaim. */
export interface LoyaltyOrderClaim {
  orderId: string;
  eventId: string;
  eventName: { en: string; ar: string };
  completedAt: string | null;
  totalPrice: { amount: string; currency: string };
  points: number;
  state: 'CLAIMABLE' | 'CLAIMED' | 'EARNED' | 'CLOSED' | 'NO_POINTS';
  claimsCloseAt: string | null;
  pointsState: 'ON_THE_WAY' | 'POSTED' | 'REFUSED' | null;
  pointsPostAt: string | null;
}

export type RedeemPageData =
  | { standing: 'signedOut'; signInHref: string; signUpHref: string }
  | { standing: 'notLinked'; linkHref: string }
  /** `claims` is null when the list could not be read. */
  | { standing: 'linked'; memberId: string; email: string; claims: LoyaltyOrderClaim[] | null };

/** SPEC 2.1 /loyalty/redeem, 2.4: claim points for past orders (decision 0039). */
export function RedeemPage({ data }: { data: RedeemPageData }) {
  const { t } = useSite();
  return (
    <div className="loyalty-page">
      <PageHero header={{ title: t('loyalty:redeem.heading'), subtitle: t('loyalty:redeem.lead') }} compact />
      <section className="section section--narrow stack redeem">
        {data.standing === 'signedOut' ? <SignInFirst data={data} /> : null}
        {data.standing === 'notLinked' ? <LinkFirst href={data.linkHref} /> : null}
        {data.standing === 'linked' ? <Claims data={data} /> : null}
      </section>
    </div>
  );
}

function SignInFirst({ data }: { data: Extract<RedeemPageData, { standing: 'signedOut' }> }) {
  const { t } = useSite();
  return (
    <div className="account-panel stack" role="region" aria-labelledby="redeem-sign-in-title">
      <h2 className="account-panel__title" id="redeem-sign-in-title">
        {t('loyalty:redeem.signInTitle')}
      </h2>
      <p>{t('loyalty:redeem.signInText')}</p>
      <p className="account-form__actions">
        <a className="button button--primary" href={data.signInHref}>
          {t('loyalty:redeem.signIn')}
        </a>
        <a className="button button--ghost" href={data.signUpHref}>
          {t('loyalty:redeem.signUp')}
        </a>
      </p>
      <HowItWorks />
    </div>
  );
}

function LinkFirst({ href }: { href: string }) {
  const { t } = useSite();
  return (
    <div className="account-panel stack" role="region" aria-labelledby="redeem-link-title">
      <h2 className="account-panel__title" id="redeem-link-title">
        {t('loyalty:redeem.linkFirstTitle')}
      </h2>
      <p>{t('loyalty:redeem.linkFirstText')}</p>
      <p>
        <a className="button button--primary" href={href}>
          {t('loyalty:redeem.linkFirst')}
        </a>
      </p>
    </div>
  );
}

function HowItWorks() {
  const { t } = useSite();
  return (
    <ul className="loyalty-how__list">
      <li>{t('loyalty:account.howEarn')}</li>
      <li>{t('loyalty:account.howDelay')}</li>
    </ul>
  );
}

function Claims({ data }: { data: Extract<RedeemPageData, { standing: 'linked' }> }) {
  const { t, urls, locale, format } = useSite();
  const claims = data.claims ?? [];
  const claimable = claims.filter((claim) => claim.state === 'CLAIMABLE');
  // SPEC 4.3: the events whose claim period has closed, each said once.
  const closed = [...new Map(claims.filter((claim) => claim.state === 'CLOSED').map((claim) => [claim.eventId, claim])).values()];
  return (
    <>
      <p className="redeem__member">{t('loyalty:redeem.memberLine', { memberId: data.memberId })}</p>
      <form className="account-panel stack" method="post" action={urls.current(locale)} aria-labelledby="redeem-orders-title">
        <h2 className="account-panel__title" id="redeem-orders-title">
          {t('loyalty:redeem.ordersTitle')}
        </h2>
        <FormToken />
        <input type="hidden" name="intent" value="claim" />
        <FormMessage form={REDEEM_CLAIM_FORM} />
        {data.claims === null ? (
          <p className="form-error" role="alert">
            {t('loyalty:errors.claimFailed')}
          </p>
        ) : claims.length === 0 ? (
          <p>{t('loyalty:redeem.noOrders')}</p>
        ) : (
          <ul className="redeem-orders">
            {claims.map((claim) => (
              <li key={claim.orderId}>
                <ClaimRow claim={claim} />
              </li>
            ))}
          </ul>
        )}
        {closed.map((claim) => (
          <p key={claim.eventId} className="redeem__closed">
            {t('loyalty:redeem.closedOn', { event: claim.eventName[locale], date: format.date(claim.claimsCloseAt!) })}
          </p>
        ))}
        {claimable.length > 0 ? (
          <div className="account-form__actions">
            <button type="submit" className="button button--primary">
              {t('loyalty:redeem.claimSelected')}
            </button>
          </div>
        ) : null}
      </form>
      <form
        className="account-panel account-form stack"
        method="post"
        action={urls.current(locale)}
        noValidate
        aria-labelledby="redeem-guest-title"
      >
        <h2 className="account-panel__title" id="redeem-guest-title">
          {t('loyalty:redeem.guestTitle')}
        </h2>
        <p>
          {/* The address keeps its own direction inside an Arabic sentence. */}
          {t('loyalty:redeem.guestText', { email: '\u0000' })
            .split('\u0000')
            .flatMap((part, index) =>
              index === 0
                ? [part]
                : [
                    <bdi key="email" dir="ltr">
                      {data.email}
                    </bdi>,
                    part,
                  ],
            )}
        </p>
        <FormToken />
        <input type="hidden" name="intent" value="claim-guest" />
        <FormMessage form={REDEEM_GUEST_FORM} invalidFallback={false} />
        <TextField
          form={REDEEM_GUEST_FORM}
          name="orderId"
          label={t('loyalty:redeem.orderId')}
          hint={t('loyalty:redeem.orderIdHint')}
          autoComplete="off"
          autoCapitalize="characters"
          dir="ltr"
          maxLength={20}
          required
        />
        <div className="account-form__actions">
          <button type="submit" className="button button--primary">
            {t('loyalty:redeem.claimGuest')}
          </button>
        </div>
      </form>
    </>
  );
}

function ClaimRow({ claim }: { claim: LoyaltyOrderClaim }) {
  const { t, format, locale } = useSite();
  const points = usePoints();
  const checkbox = `claim-${claim.orderId}`;
  const details = (
    <>
      <span className="redeem-order__event">{claim.eventName[locale]}</span>
      <span className="redeem-order__meta">
        {t('loyalty:redeem.orderLabel')} <bdi dir="ltr">{claim.orderId}</bdi>
        {claim.completedAt ? <> · {t('loyalty:redeem.orderDate', { date: format.date(claim.completedAt) })}</> : null} ·{' '}
        {t('loyalty:redeem.total', { amount: format.money(claim.totalPrice.amount, claim.totalPrice.currency) })}
      </span>
    </>
  );
  return (
    <div className="redeem-order" data-state={claim.state}>
      {claim.state === 'CLAIMABLE' ? (
        <label className="check-option redeem-order__choice" htmlFor={checkbox}>
          <input type="checkbox" id={checkbox} name={`order-${claim.orderId}`} />
          <span className="redeem-order__text">{details}</span>
        </label>
      ) : (
        <div className="redeem-order__text">{details}</div>
      )}
      <p className="redeem-order__points">
        {claim.state === 'CLOSED' || claim.state === 'NO_POINTS' ? null : <strong>{points(claim.points)}</strong>}{' '}
        <span className="badge">{t(`loyalty:redeem.state${claim.state}`)}</span>
        {claim.pointsState === 'ON_THE_WAY' ? (
          <span className="redeem-order__note">
            {' '}
            {t('loyalty:account.howDelay')}
            {claim.pointsPostAt ? ` ${t('loyalty:redeem.postsOn', { date: format.date(claim.pointsPostAt) })}` : null}
          </span>
        ) : null}
      </p>
    </div>
  );
}
