import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { useTrack } from '../components/tracking.ts';
import { useSite } from '../site-context.tsx';
import { BlockLink } from './BlockLink.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { PartnerListBlockContent, PartnerListItemContent } from './types.ts';

/** Partners (SPEC 3.2): premium partners first and larger, with what they offer and their call to action. */
export function PartnerListBlock({ block }: { block: PartnerListBlockContent }) {
  if (!block.items.length) return null;
  const section = block.title ?? block.id;
  const premium = block.items.filter((partner) => partner.__typename === 'PremiumPartner');
  const others = block.items.filter((partner) => partner.__typename === 'Partner');
  return (
    <BlockSection id={block.id} name="block-partner-list" title={block.title}>
      {premium.length ? (
        <ul className="partners partners--premium">
          {premium.map((partner) => (
            <PartnerItem key={partner.id} partner={partner} section={section} />
          ))}
        </ul>
      ) : null}
      {others.length ? (
        <ul className="partners">
          {others.map((partner) => (
            <PartnerItem key={partner.id} partner={partner} section={section} />
          ))}
        </ul>
      ) : null}
    </BlockSection>
  );
}

function PartnerItem({ partner, section }: { partner: PartnerListItemContent; section: string }) {
  const { t } = useSite();
  const track = useTrack();
  const url = partner.url && /^https?:\/\//i.test(partner.url) ? partner.url : undefined;
  return (
    <li className={`partner partner--${partner.__typename === 'PremiumPartner' ? 'premium' : 'standard'}`}>
      <div className="partner__logo">
        {partner.logo ? <ResponsiveImage asset={partner.logo} alt="" sizes="12rem" /> : <span aria-hidden="true">{partner.name}</span>}
      </div>
      <div className="partner__body">
        <h3 className="partner__name">{partner.name}</h3>
        {partner.description ? <p className="partner__description">{partner.description}</p> : null}
        {partner.__typename === 'PremiumPartner' && partner.chips.length ? (
          <ul className="chips">
            {partner.chips.map((chip) => (
              <li key={chip} className="chip">
                {chip}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="partner__links">
          {partner.__typename === 'PremiumPartner' && partner.callToAction ? (
            <BlockLink link={partner.callToAction} section={section} className="button button--small button--primary" />
          ) : null}
          {url ? (
            <SmartLink
              className="partner__visit"
              href={url}
              {...track('link_clicked', { link_label: partner.name, link_url: url, section_name: section })}
            >
              {t('blocks:partners.visit', { name: partner.name })}
            </SmartLink>
          ) : null}
        </div>
      </div>
    </li>
  );
}
