import type { Asset, EventCardContent, NavigationLink } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { hasIcon, Icon } from './Icon.tsx';
import { ContentLink } from './SmartLink.tsx';

/** An event's own navigation as the content service gives it (SPEC 7.1, `EventNavigationFields`). */
export interface EventNavigationContent {
  event: EventCardContent;
  logo?: Asset | null;
  items: NavigationLink[];
  callToAction?: (NavigationLink & { icon?: string | null }) | null;
}

/**
 * The bar under the site header on every page of an event (overview, line-up, programmes, custom
 * pages): the event's name, its links as tabs that scroll sideways on a phone, and its call to
 * action. The tab of the page being shown, or of the section it belongs to, is marked current.
 */
export function EventNavigation({ navigation }: { navigation: EventNavigationContent }) {
  const { t, urls, locale } = useSite();
  const { event, callToAction } = navigation;
  const eventHref = urls.route('event', { slug: event.slug });
  const here = urls.current(locale).split('?')[0]!;
  const current = currentIndex(
    navigation.items.map((item) => urls.link(item)),
    here,
    eventHref,
  );
  return (
    <nav
      className="event-nav"
      aria-label={t('eventNavigation.label', { event: event.title })}
      style={{ '--accent': event.config.colourAccent } as object}
    >
      <div className="event-nav__inner">
        <a className="event-nav__event" href={eventHref}>
          {navigation.logo ? (
            <img
              className="event-nav__logo"
              src={navigation.logo.url}
              alt=""
              width={navigation.logo.width ?? 32}
              height={navigation.logo.height ?? 32}
            />
          ) : null}
          <span className="event-nav__title">{event.title}</span>
        </a>
        <ul className="event-nav__tabs scroll-row">
          {navigation.items.map((item, index) => (
            <li key={item.id}>
              <ContentLink className="event-nav__tab" link={item} aria-current={index === current ? 'page' : undefined}>
                {item.title}
              </ContentLink>
            </li>
          ))}
        </ul>
        {callToAction ? (
          <ContentLink className="button button--primary button--small event-nav__cta" link={callToAction}>
            {callToAction.icon && hasIcon(callToAction.icon) ? <Icon name={callToAction.icon} /> : null}
            {callToAction.title}
          </ContentLink>
        ) : null}
      </div>
    </nav>
  );
}

/**
 * The tab whose link is this page, else the one whose link is the longest start of its path (the
 * line-up tab on a line-up subpage). The event's own page is current only on itself.
 */
function currentIndex(hrefs: (string | undefined)[], here: string, eventHref: string): number {
  const exact = hrefs.indexOf(here);
  if (exact >= 0) return exact;
  let best = -1;
  let bestLength = 0;
  hrefs.forEach((href, index) => {
    if (href && href !== eventHref && here.startsWith(`${href}/`) && href.length > bestLength) {
      best = index;
      bestLength = href.length;
    }
  });
  return best;
}
