import type { LayoutContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { hasIcon, Icon } from './Icon.tsx';
import { NavigationLink, useNavigationTracking } from './NavigationLink.tsx';
import { NewsletterForm } from './NewsletterForm.tsx';
import { SharedMarkup } from './SharedMarkup.tsx';
import { SmartLink } from './SmartLink.tsx';
import { useTrack } from './tracking.ts';

/**
 * The site footer (SPEC 2.5): newsletter, content sections, socials in their order, partners, legal
 * links. Only the newsletter form is the visitor's own (its token, its messages): the rest is
 * rendered once per language and content (SharedMarkup).
 */
export function Footer({ content }: { content: LayoutContent }) {
  const { t } = useSite();
  const { footer } = content;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <NewsletterForm />
          <SharedMarkup
            source={content}
            name="footer-sections"
            as="nav"
            props={{ className: 'site-footer__sections', 'aria-label': t('footer.navigation'), ...useNavigationTracking('footer') }}
          >
            <FooterSections content={content} />
          </SharedMarkup>
        </div>
        {footer.socials.links.length > 0 || footer.partners.length > 0 ? (
          <SharedMarkup source={content} name="footer-connect" as="div" props={{ className: 'site-footer__connect' }}>
            <FooterConnect content={content} />
          </SharedMarkup>
        ) : null}
        <SharedMarkup source={content} name="footer-legal" as="div" props={{ className: 'site-footer__legal' }}>
          <FooterLegal content={content} />
        </SharedMarkup>
      </div>
      <p className="site-footer__wordmark" aria-hidden="true">
        {t('brand.name')}
      </p>
    </footer>
  );
}

function FooterSections({ content }: { content: LayoutContent }) {
  return content.footer.sections.map((section) => (
    <section key={section.id} className="site-footer__section">
      <h2 className="label site-footer__heading">{section.title}</h2>
      <ul className="site-footer__links">
        {section.items.map((item) => (
          <li key={item.id}>
            <NavigationLink link={item} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

/** The social profiles in their order, and the partners' logos. */
function FooterConnect({ content }: { content: LayoutContent }) {
  const { t } = useSite();
  const track = useTrack();
  const { footer } = content;
  return (
    <>
      {footer.socials.links.length > 0 ? (
        <div className="site-footer__socials">
          <p className="label site-footer__heading" aria-hidden="true">
            {t('footer.socials')}
          </p>
          <ul className="socials" aria-label={t('footer.socials')}>
            {footer.socials.links.map((social) => (
              <li key={social.network}>
                <SmartLink
                  className={`socials__link socials__link--${social.network}`}
                  href={social.url}
                  title={t(`social.${social.network}`)}
                  {...track('social_media_account_clicked', { social_platform: social.network, link_url: social.url })}
                >
                  {hasIcon(social.network) ? <Icon name={social.network} /> : null}
                  <span className="visually-hidden">{t(`social.${social.network}`)}</span>
                </SmartLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {footer.partners.length > 0 ? (
        <section className="site-footer__partners" aria-label={t('footer.partners')}>
          <p className="label site-footer__heading" aria-hidden="true">
            {t('footer.partners')}
          </p>
          <ul className="site-footer__partner-list">
            {footer.partners.map((partner) => {
              const logo = partner.logo ? (
                <img
                  src={partner.logo.url}
                  alt={partner.name}
                  width={partner.logo.width ?? undefined}
                  height={partner.logo.height ?? undefined}
                  loading="lazy"
                />
              ) : (
                partner.name
              );
              return (
                <li key={partner.id}>
                  {partner.url ? (
                    <SmartLink className="site-footer__partner" href={partner.url}>
                      {logo}
                    </SmartLink>
                  ) : (
                    <span className="site-footer__partner">{logo}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The copyright line and the legal links, with the privacy choice (decision 0051). */
function FooterLegal({ content }: { content: LayoutContent }) {
  const { t, urls } = useSite();
  const { globalConfig } = content;
  return (
    <>
      <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      <ul className="site-footer__legal-links" {...useNavigationTracking('footer')}>
        {[globalConfig.privacyLink, globalConfig.legalLink].map((link) =>
          link ? (
            <li key={link.id}>
              <NavigationLink link={link} />
            </li>
          ) : null,
        )}
        <li>
          {/* Decision 0051: the privacy choice can be changed from any page. */}
          <NavigationLink link={{ title: t('privacy.footerLink'), href: urls.route('privacyChoices') }} />
        </li>
      </ul>
    </>
  );
}
