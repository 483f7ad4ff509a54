import { Icon, type IconName } from '../../components/Icon.tsx';
import { SmartLink } from '../../components/SmartLink.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { useTrack } from '../../components/tracking.ts';
import type { Formatter } from '../../format.ts';
import { useSite } from '../../site-context.tsx';
import { BlockPageLayout, type BlockPageContent } from './BlockPage.tsx';
import { channelLinks, type ChannelLink, type ContactChannel, type ContactChannels } from './contact-channels.ts';

export interface PostalAddress {
  street?: string | null;
  district?: string | null;
  city?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export type ContactPageContent = BlockPageContent & { address?: PostalAddress | null; channels: ContactChannels };

const CHANNEL_ICONS: Record<ContactChannel, IconName> = {
  email: 'mail',
  phone: 'phone',
  whatsapp: 'whatsapp',
  messenger: 'messenger',
  twitter: 'twitter',
  linkedin: 'linkedin',
  website: 'website',
};

/** SPEC 2.1 /contact: every channel of SPEC 3.2 as a link that opens it, the address, then the blocks (the map). */
export function ContactPage({ data }: { data: { page: ContactPageContent } }) {
  const { t, format } = useSite();
  const { page } = data;
  const links = channelLinks(page.channels);
  const address = addressLines(page.address, format);
  return (
    <BlockPageLayout page={page}>
      {links.length || address.length ? (
        <section className="section contact" aria-labelledby="contact-channels-title">
          <h2 id="contact-channels-title" className="section__title">
            {t('about:contact.channels')}
          </h2>
          <div className="contact__grid">
            {links.length ? (
              <ul className="contact__channels">
                {links.map((link) => (
                  <li key={link.channel}>
                    <ChannelCard link={link} />
                  </li>
                ))}
              </ul>
            ) : null}
            {address.length ? (
              <div className="contact__address">
                <h3 className="contact__address-title">
                  <Icon name="pin" />
                  {t('about:contact.address')}
                </h3>
                <address>
                  {address.map((line) => (
                    <span key={line} className="contact__address-line">
                      {line}
                    </span>
                  ))}
                </address>
              </div>
            ) : null}
          </div>
        </section>
      ) : null}
      <ContactStructuredData address={page.address} links={links} />
    </BlockPageLayout>
  );
}

function ChannelCard({ link }: { link: ChannelLink }) {
  const { t } = useSite();
  const track = useTrack();
  const label = t(`about:contact.channel.${link.channel}`);
  return (
    <SmartLink
      className="contact-channel"
      href={link.href}
      {...track('link_clicked', { link_label: label, link_url: link.href, section_name: t('about:contact.channels') })}
    >
      <span className="contact-channel__icon">
        <Icon name={CHANNEL_ICONS[link.channel]} />
      </span>
      <span className="contact-channel__text">
        <span className="contact-channel__label">{label}</span>
        <span className="contact-channel__value" dir={link.isolate ? 'ltr' : undefined}>
          {link.display}
        </span>
      </span>
    </SmartLink>
  );
}

/** Street and district, then postal code and city, then country: the order addresses are written in the Kingdom. */
function addressLines(address: PostalAddress | null | undefined, format: Formatter): string[] {
  if (!address) return [];
  return [
    format.parts([address.street, address.district]),
    [address.city, address.postalCode].filter(Boolean).join(' '),
    address.country ?? '',
  ].filter(Boolean);
}

/** schema.org Organization with its ContactPoint, so that search engines show the ways to reach us. */
function ContactStructuredData({ address, links }: { address: PostalAddress | null | undefined; links: ChannelLink[] }) {
  const { t, urls, format } = useSite();
  const value = (channel: ContactChannel) => links.find((link) => link.channel === channel)?.display;
  const email = value('email');
  const telephone = links.find((link) => link.channel === 'phone')?.href.slice('tel:'.length);
  const profiles = links.filter((link) => ['twitter', 'linkedin', 'messenger', 'website'].includes(link.channel)).map((link) => link.href);
  return (
    <StructuredData
      data={{
        '@type': 'Organization',
        name: t('about:contact.organization'),
        url: urls.absolute(urls.route('home')),
        ...(email ? { email } : {}),
        ...(telephone ? { telephone } : {}),
        ...(address
          ? {
              address: {
                '@type': 'PostalAddress',
                streetAddress: format.parts([address.street, address.district]) || undefined,
                addressLocality: address.city ?? undefined,
                postalCode: address.postalCode ?? undefined,
                addressCountry: address.country ?? undefined,
              },
            }
          : {}),
        contactPoint: [
          {
            '@type': 'ContactPoint',
            contactType: 'customer support',
            ...(email ? { email } : {}),
            ...(telephone ? { telephone } : {}),
            availableLanguage: ['English', 'Arabic'],
            url: urls.absolute(urls.route('contact')),
          },
        ],
        ...(profiles.length ? { sameAs: profiles } : {}),
      }}
    />
  );
}
