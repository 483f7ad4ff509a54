import type { AnchorHTMLAttributes, ReactNode } from 'react';
import type { LinkTarget } from '#server/urls.ts';
import { useSite } from '../site-context.tsx';

const EXTERNAL = /^(https?:|mailto:)/i;

/** SPEC 2.2: external links (http..., mailto:) open in a new tab without sending a referrer. */
export function externalLinkProps(href: string): AnchorHTMLAttributes<HTMLAnchorElement> {
  return EXTERNAL.test(href) ? { target: '_blank', rel: 'noreferrer noopener' } : {};
}

/** Links to other sites say, to screen readers, that they open a new tab. */
export const saysItOpensANewTab = (href: string) => EXTERNAL.test(href) && href.startsWith('http');

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { href: string; children: ReactNode };

/** An anchor that follows the site's link rules. */
export function SmartLink({ href, children, ...rest }: Props) {
  const { t } = useSite();
  return (
    <a href={href} {...externalLinkProps(href)} {...rest}>
      {children}
      {saysItOpensANewTab(href) ? <span className="visually-hidden"> ({t('link.opensInNewTab')})</span> : null}
    </a>
  );
}

/** A content link record (navigation item, call to action): its URL or the page it references. */
export function ContentLink({ link, children, ...rest }: Omit<Props, 'href'> & { link: LinkTarget & { title?: string } }) {
  const { urls } = useSite();
  const href = urls.link(link);
  if (!href) return <span {...(rest as object)}>{children}</span>;
  return (
    <SmartLink href={href} {...rest}>
      {children}
    </SmartLink>
  );
}
