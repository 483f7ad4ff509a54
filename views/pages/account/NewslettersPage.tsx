import { FormToken } from '../../components/FormToken.tsx';
import { FormMessage } from '../../components/FormField.tsx';
import { useSite } from '../../site-context.tsx';
import { AccountSectionHeader } from './AccountSectionHeader.tsx';

export const NEWSLETTERS_FORM = 'account-newsletters';

export interface NotificationPreference {
  id: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  analyticsName: string;
  subscribed: boolean;
  image: string | null;
}

export interface NewslettersPageData {
  notifications: NotificationPreference[];
}

/** SPEC 2.4, 3.3: the newsletters, each a small form of its own that says what it will do. */
export function NewslettersPage({ data }: { data: NewslettersPageData }) {
  const { t } = useSite();
  return (
    <section className="account-section stack">
      <AccountSectionHeader title={t('account:newsletters.title')} lead={t('account:newsletters.lead')} />
      <FormMessage form={NEWSLETTERS_FORM} />
      {data.notifications.length ? (
        <ul className="newsletter-list">
          {data.notifications.map((notification) => (
            <li key={notification.id}>
              <NewsletterChoice notification={notification} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('account:newsletters.empty')}</p>
      )}
    </section>
  );
}

function NewsletterChoice({ notification }: { notification: NotificationPreference }) {
  const { t, urls, locale } = useSite();
  const name = locale === 'ar' ? notification.nameAr : notification.nameEn;
  const description = locale === 'ar' ? notification.descriptionAr : notification.descriptionEn;
  const titleId = `newsletter-${notification.id}`;
  return (
    <article className={`newsletter-choice${notification.subscribed ? ' newsletter-choice--on' : ''}`} aria-labelledby={titleId}>
      {notification.image ? (
        <img className="newsletter-choice__image" src={notification.image} alt="" width={96} height={96} loading="lazy" />
      ) : null}
      <div className="newsletter-choice__text">
        <h2 className="newsletter-choice__name" id={titleId}>
          {name}
        </h2>
        <p className="newsletter-choice__description">{description}</p>
        <p className="newsletter-choice__status">
          {t(notification.subscribed ? 'account:newsletters.statusOn' : 'account:newsletters.statusOff')}
        </p>
      </div>
      <form className="newsletter-choice__form" method="post" action={urls.current(locale)}>
        <FormToken />
        <input type="hidden" name="intent" value="set-newsletter" />
        <input type="hidden" name="newsletterId" value={notification.id} />
        <input type="hidden" name="subscribed" value={notification.subscribed ? 'false' : 'true'} />
        <button
          type="submit"
          className={`button button--small ${notification.subscribed ? 'button--ghost' : 'button--primary'}`}
          aria-describedby={titleId}
        >
          {t(notification.subscribed ? 'account:newsletters.unsubscribe' : 'account:newsletters.subscribe')}
        </button>
      </form>
    </article>
  );
}
