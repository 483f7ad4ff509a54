import { LOYALTY_POINTS_STEP } from '#platform/loyalty/loyalty-programme.ts';
import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage, TextField } from '../../components/FormField.tsx';
import { useFormState, useSite } from '../../site-context.tsx';
import { usePoints, usePointsValue } from '../../components/loyalty-points.ts';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

export const LOYALTY_LINK_FORM = 'loyalty-link';
export const LOYALTY_BALANCE_FORM = 'loyalty-balance';
export const LOYALTY_UNLINK_FORM = 'loyalty-unlink';

/** The user service's LoyaltyBalance (SPEC 3.3). */
export interface LoyaltyBalanceView {
  memberId: string;
  balance: number;
  membershipStatus: 'ACTIVE' | 'SUSPENDED';
  verifiedStatus: 'VERIFIED' | 'UNVERIFIED';
  pendingPoints: number;
  nextPostingAt: string | null;
  verificationToken: string;
  verificationTokenExpiration: string;
}

export type LoyaltyStandingView =
  | { state: 'notLinked' }
  | { state: 'pinRequired'; memberId: string }
  | { state: 'unavailable'; memberId: string }
  | { state: 'linked'; memberId: string; balance: LoyaltyBalanceView };

export interface LoyaltyPageData {
  standing: LoyaltyStandingView;
  /** The second step of unlinking (`?unlink=confirm`, SPEC 4.3). */
  confirmingUnlink: boolean;
}

/** Beyond SPEC 2.1 (SPEC 2.4, 3.3, 4.3): the points account: link it, see it, unlink it. */
export function LoyaltyPage({ data }: { data: LoyaltyPageData }) {
  const { t } = useSite();
  const { standing } = data;
  const unlinkState = useFormState(LOYALTY_UNLINK_FORM);
  const confirming = data.confirmingUnlink || (unlinkState !== undefined && unlinkState.status !== 'succeeded');
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('loyalty:account.title')} lead={t('loyalty:account.lead')} />
      <FormMessage form={LOYALTY_UNLINK_FORM} />
      {standing.state === 'notLinked' ? (
        <LinkForm />
      ) : (
        <>
          <LinkedMember standing={standing} />
          {confirming ? <ConfirmUnlink /> : <Unlink />}
        </>
      )}
      <HowPointsWork />
    </section>
  );
}

function LinkForm() {
  const { t, urls, locale } = useSite();
  return (
    <form
      className="account-form account-panel stack"
      method="post"
      action={urls.current(locale)}
      noValidate
      aria-labelledby="loyalty-link-title"
    >
      <h2 className="account-panel__title" id="loyalty-link-title">
        {t('loyalty:account.linkTitle')}
      </h2>
      <p>{t('loyalty:account.linkLead')}</p>
      <FormToken />
      <input type="hidden" name="intent" value="loyalty-link" />
      <FormMessage form={LOYALTY_LINK_FORM} />
      <div className="account-form__grid">
        <TextField
          form={LOYALTY_LINK_FORM}
          name="memberId"
          label={t('loyalty:account.memberId')}
          hint={t('loyalty:account.memberIdHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={20}
          required
        />
        <TextField
          form={LOYALTY_LINK_FORM}
          name="memberPin"
          type="password"
          label={t('loyalty:account.memberPin')}
          hint={t('loyalty:account.memberPinHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={4}
          required
        />
      </div>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary">
          {t('loyalty:account.link')}
        </button>
      </div>
    </form>
  );
}

function LinkedMember({ standing }: { standing: Exclude<LoyaltyStandingView, { state: 'notLinked' }> }) {
  const { t, urls, format } = useSite();
  const points = usePoints();
  const value = usePointsValue();
  const balance = standing.state === 'linked' ? standing.balance : null;
  return (
    <section className="account-panel stack loyalty-member" aria-labelledby="loyalty-member-title">
      <h2 className="account-panel__title" id="loyalty-member-title">
        {t('loyalty:account.memberTitle')}
      </h2>
      <FormMessage form={LOYALTY_LINK_FORM} />
      <FormMessage form={LOYALTY_BALANCE_FORM} invalidFallback={false} />
      <dl className="loyalty-facts">
        <div>
          <dt>{t('loyalty:account.memberId')}</dt>
          <dd>
            <bdi dir="ltr">{standing.memberId}</bdi>
          </dd>
        </div>
        {balance ? (
          <>
            <div className="loyalty-facts__balance">
              <dt>{t('loyalty:account.balance')}</dt>
              <dd>
                <strong>{points(balance.balance)}</strong>{' '}
                <span className="loyalty-facts__value">{t('loyalty:worth', { amount: value(balance.balance) })}</span>
              </dd>
            </div>
            <div>
              <dt>{t('loyalty:account.membership')}</dt>
              <dd>{t(`loyalty:account.membership${balance.membershipStatus}`)}</dd>
            </div>
            <div>
              <dt>{t('loyalty:account.verified')}</dt>
              <dd>{t(`loyalty:account.verified${balance.verifiedStatus}`)}</dd>
            </div>
            {balance.pendingPoints > 0 ? (
              <div>
                <dt>{t('loyalty:account.pending')}</dt>
                <dd>
                  {t('loyalty:pendingNote', { points: points(balance.pendingPoints) })}
                  {balance.nextPostingAt ? <> {t('loyalty:redeem.postsOn', { date: format.date(balance.nextPostingAt) })}</> : null}
                </dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
      {standing.state === 'pinRequired' ? <ShowBalance /> : null}
      {standing.state === 'unavailable' ? (
        <p className="form-error" role="alert">
          {t('loyalty:account.unavailable')}
        </p>
      ) : null}
      <p>
        <a className="button button--ghost" href={urls.route('loyaltyRedeem')}>
          {t('loyalty:account.claim')}
        </a>
      </p>
    </section>
  );
}

/** SPEC 2.4: PIN validation before the balance is shown again. */
function ShowBalance() {
  const { t, urls, locale } = useSite();
  return (
    <form className="account-form stack loyalty-pin" method="post" action={urls.current(locale)} noValidate>
      <FormToken />
      <input type="hidden" name="intent" value="loyalty-balance" />
      <p>{t('loyalty:account.showBalanceLead')}</p>
      <div className="loyalty-pin__row">
        <TextField
          form={LOYALTY_BALANCE_FORM}
          name="memberPin"
          type="password"
          label={t('loyalty:account.memberPin')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={4}
          required
        />
        <button type="submit" className="button button--primary">
          {t('loyalty:account.showBalance')}
        </button>
      </div>
    </form>
  );
}

function Unlink() {
  const { t, urls } = useSite();
  return (
    <section className="account-panel stack" aria-labelledby="loyalty-unlink-title">
      <h2 className="account-panel__title" id="loyalty-unlink-title">
        {t('loyalty:account.unlinkTitle')}
      </h2>
      <p>{t('loyalty:account.unlinkLead')}</p>
      <p>
        <a className="button button--danger" href={`${urls.route('accountLoyalty')}?unlink=confirm#loyalty-unlink`}>
          {t('loyalty:account.unlinkStart')}
        </a>
      </p>
    </section>
  );
}

/** SPEC 4.3: unlinking asks for confirmation first. */
function ConfirmUnlink() {
  const { t, urls } = useSite();
  return (
    <form
      className="account-panel account-panel--danger stack"
      id="loyalty-unlink"
      method="post"
      action={`${urls.route('accountLoyalty')}?unlink=confirm`}
      aria-labelledby="loyalty-unlink-confirm-title"
    >
      <h2 className="account-panel__title" id="loyalty-unlink-confirm-title">
        {t('loyalty:account.unlinkConfirmTitle')}
      </h2>
      <FormToken />
      <input type="hidden" name="intent" value="loyalty-unlink" />
      <p>{t('loyalty:account.unlinkConfirmText')}</p>
      <div className="account-form__actions">
        <button type="submit" className="button button--danger">
          {t('loyalty:account.unlinkConfirm')}
        </button>
        <a className="button button--ghost" href={urls.route('accountLoyalty')}>
          {t('loyalty:account.unlinkCancel')}
        </a>
      </div>
    </form>
  );
}

function HowPointsWork() {
  const { t } = useSite();
  const value = usePointsValue();
  return (
    <section className="account-panel stack loyalty-how" aria-labelledby="loyalty-how-title">
      <h2 className="account-panel__title" id="loyalty-how-title">
        {t('loyalty:account.howTitle')}
      </h2>
      <ul className="loyalty-how__list">
        <li>{t('loyalty:account.howEarn')}</li>
        <li>{t('loyalty:account.howSpend', { amount: value(LOYALTY_POINTS_STEP) })}</li>
        <li>{t('loyalty:account.howDelay')}</li>
        <li>{t('loyalty:account.howClaim')}</li>
      </ul>
    </section>
  );
}
