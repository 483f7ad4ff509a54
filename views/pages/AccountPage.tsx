import { useSite } from '../site-context.tsx';

export interface AccountPageData {
  user: { firstName: string; lastName: string; email: string };
}

/** SPEC 2.4: the account overview. */
export function AccountPage({ data }: { data: AccountPageData }) {
  const { t } = useSite();
  const { user } = data;
  return (
    <section className="account-overview">
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
    </section>
  );
}
