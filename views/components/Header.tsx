import type { EventCardContent, LayoutContent, Menu } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { Icon } from './Icon.tsx';
import { NavigationPlayer } from './AudioPlayers.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { NavigationLink, useNavigationTracking } from './NavigationLink.tsx';
import { SharedMarkup } from './SharedMarkup.tsx';
import { useTrack } from './tracking.ts';

/**
 * The site header (SPEC 2.5): content-managed menus, search, language, account and the radio player.
 * On phones the menu opens with a checkbox, so it works without JavaScript; the `navigation` script
 * swaps it for a disclosure button and closes menus on Escape or a click elsewhere (decision 0019).
 */
export function Header({ content }: { content: LayoutContent }) {
  const { t, urls, viewer, assets } = useSite();
  const track = useTrack();
  assets.use('navigation');
  const station = content.stations[0];
  const search = urls.route('search');
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
        <button className="site-nav__button" type="button" aria-expanded="false" aria-controls="site-nav" hidden>
          <span className="site-nav__toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{t('header.menu')}</span>
        </button>
        <SharedMarkup
          source={content}
          name="header-menus"
          as="nav"
          props={{ className: 'site-nav', id: 'site-nav', 'aria-label': t('header.mainNavigation'), ...useNavigationTracking('header') }}
        >
          <ul className="site-nav__menus">
            {content.navigation.menus.map((menu) => (
              <li key={menu.id} className="site-nav__menu">
                <MenuEntry menu={menu} />
              </li>
            ))}
          </ul>
        </SharedMarkup>
        <div className="site-header__tools">
          {station ? <NavigationPlayer stationName={station.name} streamUrl={station.streamUrl} /> : null}
          <a
            className="search-link"
            href={search}
            {...track('navigation_item_clicked', { item_name: t('header.search'), navigation_type: 'header', link_url: search })}
          >
            <Icon name="search" />
            <span className="visually-hidden">{t('header.search')}</span>
          </a>
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
 * Menu kinds (SPEC 3.1): a single link, a group of links, events (current and past, listed from
 * the events themselves) or line-ups (the line-ups of current events). Groups share one `name`,
 * so opening one closes the other (where browsers support it).
 */
function MenuEntry({ menu }: { menu: Menu }) {
  const { t } = useSite();
  if (menu.kind === 'item') {
    return menu.link ? <NavigationLink className="site-nav__link" link={{ ...menu.link, title: menu.title }} /> : null;
  }
  const listsEvents = menu.kind === 'events' || menu.kind === 'lineup';
  return (
    <details className="site-nav__group" name="site-nav">
      <summary className="site-nav__link">{menu.title}</summary>
      <div className={listsEvents ? 'site-nav__panel site-nav__panel--events' : 'site-nav__panel'}>
        {listsEvents ? (
          <EventLinks
            title={t('header.currentEvents')}
            events={menu.currentEvents}
            route={menu.kind === 'lineup' ? 'lineup' : 'event'}
            detailed
          />
        ) : null}
        {menu.kind === 'events' ? <EventLinks title={t('header.pastEvents')} events={menu.pastEvents} route="event" /> : null}
        {menu.items.length > 0 ? (
          <ul className="site-nav__list">
            {menu.items.map((item) => (
              <li key={item.id}>
                <NavigationLink className="site-nav__link site-nav__link--small" link={item} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}

/** A titled list of events in a menu: current ones with their accent, dates and city; past ones as plain links. */
function EventLinks({
  title,
  events,
  route,
  detailed = false,
}: {
  title: string;
  events: EventCardContent[];
  route: 'event' | 'lineup';
  detailed?: boolean;
}) {
  const { urls, format } = useSite();
  if (events.length === 0) return null;
  return (
    <section className="site-nav__section" aria-label={title}>
      <h2 className="label site-nav__heading">{title}</h2>
      <ul className="site-nav__list">
        {events.map((event) => {
          const link = { title: event.title, href: urls.route(route, { slug: event.slug }) };
          return (
            <li key={event.slug}>
              {detailed ? (
                <NavigationLink className="site-nav__event" link={link} style={{ '--accent': event.config.colourAccent }}>
                  <span className="site-nav__event-title">{event.title}</span>
                  <span className="site-nav__event-meta">
                    {format.dateRange(event.config.startDatetime, event.config.endDatetime)} · {event.config.city}
                  </span>
                </NavigationLink>
              ) : (
                <NavigationLink className="site-nav__link site-nav__link--small" link={link} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
