import type { ReactNode } from 'react';
import type { NavigationLink as NavigationLinkContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { SmartLink } from './SmartLink.tsx';
import { useTrack } from './tracking.ts';

/** Where a navigation link sits (SPEC 9.4 navigation_type). Phones' "mobile" is set in the browser. */
export type NavigationPlace = 'header' | 'footer';

interface NavigationLinkProps {
  /** A content link record, or a plain link built from the route table (events listed by menus). */
  link: Pick<NavigationLinkContent, 'title'> & ({ url?: string | null; page?: NavigationLinkContent['page'] | null } | { href: string });
  place: NavigationPlace;
  className?: string;
  style?: object;
  children?: ReactNode;
}

/**
 * A header or footer link: the site's link rules (SPEC 2.2), `aria-current="page"` on the page being
 * shown, and navigation_item_clicked with its name, place and target (SPEC 9.4).
 */
export function NavigationLink({ link, place, className, style, children }: NavigationLinkProps) {
  const { urls, locale } = useSite();
  const track = useTrack();
  const href = 'href' in link ? link.href : urls.link(link);
  if (!href) return <span className={className}>{children ?? link.title}</span>;
  const current = href === urls.current(locale).split('?')[0];
  return (
    <SmartLink
      href={href}
      className={className}
      style={style}
      aria-current={current ? 'page' : undefined}
      {...track('navigation_item_clicked', { item_name: link.title, navigation_type: place, link_url: href })}
    >
      {children ?? link.title}
    </SmartLink>
  );
}
