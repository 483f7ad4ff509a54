import type { ReactNode } from 'react';
import { Icon, hasIcon } from '../components/Icon.tsx';
import { ContentLink } from '../components/SmartLink.tsx';
import { useTrack } from '../components/tracking.ts';
import { useSite } from '../site-context.tsx';
import type { CallToActionContent } from './types.ts';

/**
 * A block's call to action: its page or URL, its icon, tracked as link_clicked with the block's
 * title as the section (SPEC 9.4). A link whose page is not resolvable renders as plain text.
 */
export function BlockLink({
  link,
  section,
  className = 'button button--primary',
  children,
}: {
  link: CallToActionContent;
  section: string;
  className?: string;
  children?: ReactNode;
}) {
  const { urls } = useSite();
  const track = useTrack();
  const href = urls.link(link);
  return (
    <ContentLink
      className={className}
      link={link}
      {...(href ? track('link_clicked', { link_label: link.title, link_url: href, section_name: section }) : {})}
    >
      {children ?? link.title}
      {link.icon && hasIcon(link.icon) ? <Icon name={link.icon} /> : null}
    </ContentLink>
  );
}
