import type { ReactNode } from 'react';
import type { LayoutName, RouteId } from '#server/route-table.ts';
import type { LayoutContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { HighlightBanner, highlightBannerShownAt } from '../components/HighlightBanner.tsx';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { FormMessage } from '../components/FormField.tsx';
import { FormToken } from '../components/FormToken.tsx';
import { PreviewBanner } from '../components/PreviewBanner.tsx';
import { TestModeBanner } from '../components/TestModeBanner.tsx';
import { SiteNotice } from '../components/SiteNotice.tsx';
import { PrivacyBanner } from '../components/PrivacyBanner.tsx';

interface LayoutProps {
  content: LayoutContent | null;
  children: ReactNode;
}

/**
 * SPEC 2.3: the five layouts. Default, Account and Ticket carry the site header and footer (hidden
 * in the embedded app); Onboarding and TicketCheckout keep the visitor on the task with only the
 * brand and the language switch.
 */
export const LAYOUTS: Record<LayoutName, (props: LayoutProps) => ReactNode> = {
  default: ({ content, children }) => (
    <SiteFrame content={content} className="layout-default" withHighlightBanner>
      {children}
    </SiteFrame>
  ),
  account: ({ content, children }) => (
    <SiteFrame content={content} className="layout-account">
      <AccountNavigation />
      <div className="account-content">{children}</div>
    </SiteFrame>
  ),
  ticket: ({ content, children }) => (
    <SiteFrame content={content} className="layout-ticket">
      {children}
    </SiteFrame>
  ),
  onboarding: ({ children }) => <FocusedFrame className="layout-onboarding">{children}</FocusedFrame>,
  ticketCheckout: ({ children }) => <FocusedFrame className="layout-ticket-checkout">{children}</FocusedFrame>,
};

/** SPEC 4.3, decision 0019: the highlight banner belongs to the Default layout only, never to account or ticket pages. */
function SiteFrame({
  content,
  className,
  withHighlightBanner = false,
  children,
}: LayoutProps & { className: string; withHighlightBanner?: boolean }) {
  const { embeddedApp, path } = useSite();
  const chrome = content && !embeddedApp;
  const banner = chrome && withHighlightBanner && highlightBannerShownAt(content.highlightBanner, path) ? content.highlightBanner : null;
  return (
    <div className={`page ${className}`}>
      <TestModeBanner />
      <PreviewBanner />
      {chrome ? <Header content={content} /> : null}
      {banner ? <HighlightBanner banner={banner} /> : null}
      <main id="main" className="page__main" tabIndex={-1}>
        <SiteNotice />
        {children}
      </main>
      {chrome ? <Footer content={content} /> : null}
      <PrivacyBanner />
    </div>
  );
}

function FocusedFrame({ className, children }: { className: string; children: ReactNode }) {
  const { t, urls, embeddedApp } = useSite();
  return (
    <div className={`page page--focused ${className}`}>
      <TestModeBanner />
      <PreviewBanner />
      {embeddedApp ? null : (
        <header className="focused-header">
          <a className="brand" href={urls.route('home')} aria-label={t('brand.homeLink')}>
            {t('brand.name')}
          </a>
          <LanguageSwitch />
        </header>
      )}
      <main id="main" className="page__main" tabIndex={-1}>
        <SiteNotice />
        {children}
      </main>
      <PrivacyBanner />
    </div>
  );
}

/** The account area's sections (SPEC 2.4), in the menu's order. Tickets arrive with the ticket shop. */
const ACCOUNT_SECTIONS: { route: RouteId; label: string }[] = [
  { route: 'account', label: 'account:navigationLinks.overview' },
  { route: 'accountTickets', label: 'account:navigationLinks.tickets' },
  { route: 'accountDetails', label: 'account:navigationLinks.details' },
  { route: 'accountAddresses', label: 'account:navigationLinks.addresses' },
  { route: 'accountNewsletters', label: 'account:navigationLinks.newsletters' },
  { route: 'accountLoyalty', label: 'account:navigationLinks.loyalty' },
  { route: 'accountPreferences', label: 'account:navigationLinks.preferences' },
  { route: 'accountManage', label: 'account:navigationLinks.manage' },
];

/**
 * The account area's own menu (SPEC 2.4): a column beside the page on wide screens, one row that
 * scrolls sideways on a phone so the page starts right below it (decision 0023).
 */
function AccountNavigation() {
  const { t, urls, locale } = useSite();
  const here = urls.current(locale).split('?')[0];
  return (
    <nav className="account-nav" aria-label={t('account:navigation')}>
      <ul className="account-nav__list scroll-row">
        {ACCOUNT_SECTIONS.map(({ route, label }) => {
          const href = urls.route(route);
          return (
            <li key={route}>
              <a className="account-nav__link" href={href} aria-current={here === href ? 'page' : undefined}>
                {t(label)}
              </a>
            </li>
          );
        })}
      </ul>
      <form method="post" action={urls.route('account')} className="account-nav__sign-out">
        <FormToken />
        <input type="hidden" name="intent" value="sign-out" />
        <button type="submit" className="button button--ghost button--small">
          {t('account:signOut')}
        </button>
        {/* Only a failure shows here: signing out ends on the login page, which says so. */}
        <FormMessage form="sign-out" />
      </form>
    </nav>
  );
}
