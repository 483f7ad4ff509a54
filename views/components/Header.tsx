import type { LayoutContent, Menu } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { Icon } from './Icon.tsx';
import { NavigationPlayer } from './AudioPlayers.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ContentLink } from './SmartLink.tsx';

/** The site header (SPEC 2.5): content-managed menus, language, account and the radio player. */
export function Header({ content }: { content: LayoutContent }) {
  const { t, urls, viewer } = useSite();
  const station = content.stations[0];
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="site-header__bar">
        <a className="brand" href={urls.route('home')} aria-label={t('brand.homeLink')}>
          {t('brand.name')}
        </a>
        <input className="site-nav__toggle" type="checkbox" id="site-nav-toggle" aria-controls="site-nav" />
        <label className="site-nav__toggle-label" htmlFor="site-nav-toggle">
          <span className="site-nav__toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{t('header.menu')}</span>
        </label>
        <nav className="site-nav" id="site-nav" aria-label={t('header.mainNavigation')}>
          <ul className="site-nav__menus">
            {content.navigation.menus.map((menu) => (
              <li key={menu.id} className="site-nav__menu">
                <MenuEntry menu={menu} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__tools">
          {station ? <NavigationPlayer stationName={station.name} streamUrl={station.streamUrl} /> : null}
          <LanguageSwitch />
          <a className="account-link" href={urls.route(viewer ? 'account' : 'accountLogin')}>
            <Icon name="user" />
            {viewer ? viewer.firstName : t('header.signIn')}
          </a>
        </div>
      </div>
    </header>
  );
}

/**
 * Menu kinds (SPEC 3.1): a single link, a group of links, or the events listed from content.
 * Groups share one `name`, so opening one closes the other (where browsers support it).
 */
function MenuEntry({ menu }: { menu: Menu }) {
  const { t, urls, format } = useSite();
  if (menu.kind === 'item') {
    return menu.link ? (
      <ContentLink className="site-nav__link" link={menu.link}>
        {menu.title}
      </ContentLink>
    ) : null;
  }
  return (
    <details className="site-nav__group" name="site-nav">
      <summary className="site-nav__link">{menu.title}</summary>
      <div className={menu.kind === 'events' || menu.kind === 'lineup' ? 'site-nav__panel site-nav__panel--events' : 'site-nav__panel'}>
        {menu.kind === 'events' || menu.kind === 'lineup' ? (
          <section className="site-nav__section" aria-label={t('header.currentEvents')}>
            <h2 className="label site-nav__heading">{t('header.currentEvents')}</h2>
            <ul className="site-nav__list">
              {menu.currentEvents.map((event) => (
                <li key={event.slug}>
                  <a
                    className="site-nav__event"
                    href={urls.route('event', { slug: event.slug })}
                    style={{ '--accent': event.config.colourAccent } as object}
                  >
                    <span className="site-nav__event-title">{event.title}</span>
                    <span className="site-nav__event-meta">
                      {format.dateRange(event.config.startDatetime, event.config.endDatetime)} · {event.config.city}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {menu.kind === 'events' && menu.pastEvents.length > 0 ? (
          <section className="site-nav__section" aria-label={t('header.pastEvents')}>
            <h2 className="label site-nav__heading">{t('header.pastEvents')}</h2>
            <ul className="site-nav__list">
              {menu.pastEvents.map((event) => (
                <li key={event.slug}>
                  <a className="site-nav__link site-nav__link--small" href={urls.route('event', { slug: event.slug })}>
                    {event.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {menu.items.length > 0 ? (
          <ul className="site-nav__list">
            {menu.items.map((item) => (
              <li key={item.id}>
                <ContentLink className="site-nav__link site-nav__link--small" link={item}>
                  {item.title}
                </ContentLink>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
