import type { RouteId } from '#server/route-table.ts';
import { countryName } from '#platform/country-codes.ts';
import type { Locale } from '../format.ts';
import { useSite } from '../site-context.tsx';
import { usePoints } from '../components/loyalty-points.ts';
import type { LoyaltyStandingView } from './account/LoyaltyPage.tsx';

export interface AccountPageData {
  user: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string | null;
    locale: Locale | null;
    loyaltyMemberId: string | null;
  };
  userAddresses: { id: string; isDefault: boolean; nickname: string | null; city: string; countryCode: string }[];
  userNotificationPreferences: { id: string; subscribed: boolean }[];
  /** The user's orders; null when the ticket shop did not answer (the card then just links). */
  ordersCount: number | null;
  /** The points account (decision 0039). */
  loyalty: LoyaltyStandingView;
}

/** SPEC 2.4: the account overview: who is signed in, and a card per section saying where it stands. */
export function AccountPage({ data }: { data: AccountPageData }) {
  const { t, locale, format } = useSite();
  const points = usePoints();
  const { user, userAddresses, userNotificationPreferences, loyalty } = data;
  const defaultAddress = userAddresses.find((address) => address.isDefault) ?? userAddresses[0];
  const subscribed = userNotificationPreferences.filter((preference) => preference.subscribed).length;
  const cards: { route: RouteId; title: string; summary: string }[] = [
    {
      route: 'accountTickets',
      title: t('checkout:accountTickets.title'),
      summary:
        data.ordersCount === null ? t('checkout:accountTickets.lead') : t('checkout:accountTickets.summary', { count: data.ordersCount }),
    },
    {
      route: 'accountDetails',
      title: t('account:details.title'),
      summary: user.phoneNumber ? t('account:overview.detailsSummary') : t('account:overview.detailsMissingPhone'),
    },
    {
      route: 'accountAddresses',
      title: t('account:addresses.title'),
      summary: defaultAddress
        ? t('account:overview.addressesSummary', {
            count: userAddresses.length,
            place: `${defaultAddress.city}, ${countryName(defaultAddress.countryCode, locale)}`,
          })
        : t('account:overview.addressesEmpty'),
    },
    {
      route: 'accountNewsletters',
      title: t('account:newsletters.title'),
      summary: subscribed ? t('account:overview.newslettersSummary', { count: subscribed }) : t('account:overview.newslettersNone'),
    },
    {
      route: 'accountLoyalty',
      title: t('loyalty:account.title'),
      summary:
        loyalty.state === 'notLinked'
          ? t('loyalty:overview.notLinked')
          : [
              t('loyalty:overview.linked', { memberId: loyalty.memberId }),
              ...(loyalty.state === 'linked' ? [points(loyalty.balance.balance)] : []),
            ].join(' · '),
    },
    {
      route: 'accountPreferences',
      title: t('account:preferences.title'),
      summary: t('account:overview.preferencesSummary', { language: format.languageName(user.locale ?? locale) }),
    },
    { route: 'accountManage', title: t('account:manage.title'), summary: t('account:overview.manageSummary') },
  ];
  return (
    <section className="account-overview account-section">
      <p className="eyebrow">{t('account:overview.title')}</p>
      <h1 className="account-overview__greeting">{t('account:overview.greeting', { name: user.firstName })}</h1>
      <dl className="account-overview__facts">
        <div>
          <dt>{t('account:overview.name')}</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
        </div>
        <div>
          <dt>{t('account:overview.email')}</dt>
          <dd dir="ltr">{user.email}</dd>
        </div>
      </dl>
      <ul className="account-cards">
        {cards.map((card) => (
          <li key={card.route}>
            <AccountCard {...card} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function AccountCard({ route, title, summary }: { route: RouteId; title: string; summary: string }) {
  const { urls } = useSite();
  return (
    <a className="account-card" href={urls.route(route)}>
      <span className="account-card__title">{title}</span>
      <span className="account-card__summary">{summary}</span>
    </a>
  );
}
