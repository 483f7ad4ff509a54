import type { ReactNode } from 'react';
import type { NavigationLink as NavigationLinkContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { saysItOpensANewTab, SmartLink } from './SmartLink.tsx';
import { useTrack } from './tracking.ts';

/** Where a navigation link sits (SPEC 9.4 navigation_type). Phones' "mobile" is set in the browser. */
export type NavigationPlace = 'header' | 'footer';

/**
 * The attributes of the list that holds navigation links (a `<nav>`, a `<ul>`): that they send
 * navigation_item_clicked, and what those events share, said once (decision 0054): the place, and
 * each link's address and text as its link_url and item_name.
 */
export function useNavigationTracking(place: NavigationPlace) {
  return useTrack().links('navigation_item_clicked', { navigation_type: place }, { link_url: 'href', item_name: 'text' });
}

interface NavigationLinkProps {
  /** A content link record, or a plain link built from the route table (events listed by menus). */
  link: Pick<NavigationLinkContent, 'title'> & ({ url?: string | null; page?: NavigationLinkContent['page'] | null } | { href: string });
  className?: string;
  style?: object;
  children?: ReactNode;
}

/**
 * A header or footer link: the site's link rules (SPEC 2.2), `aria-current="page"` on the page being
 * shown, and navigation_item_clicked (SPEC 9.4). It sits in a list marked by `useNavigationTracking`,
 * which gives its place and target; its name is its text unless the text says more (an event's
 * dates, a new tab's note), when the link names itself.
 */
export function NavigationLink({ link, className, style, children }: NavigationLinkProps) {
  const { urls, locale } = useSite();
  const track = useTrack();
  const href = 'href' in link ? link.href : urls.link(link);
  if (!href) return <span className={className}>{children ?? link.title}</span>;
  const current = href === urls.current(locale).split('?')[0];
  const textIsTheTitle = !children && !saysItOpensANewTab(href);
  return (
    <SmartLink
      href={href}
      className={className}
      style={style}
      aria-current={current ? 'page' : undefined}
      {...track.inList(textIsTheTitle ? {} : { item_name: link.title })}
    >
      {children ?? link.title}
    </SmartLink>
  );
}
