import type { ReactNode } from 'react';
import { SmartLink } from '../../components/SmartLink.tsx';
import { useTrack } from '../../components/tracking.ts';

/**
 * A link out to a travel partner (booking, website): external per SPEC 2.2 and tracked as
 * `link_clicked` (SPEC 9.4), since that is where the visitor leaves for the partner.
 */
export function PartnerLink({
  href,
  label,
  className,
  children,
}: {
  href: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const track = useTrack();
  return (
    <SmartLink
      className={className}
      href={href}
      {...track('link_clicked', { link_label: label, link_url: href, section_name: 'travel_partner' })}
    >
      {children}
    </SmartLink>
  );
}
