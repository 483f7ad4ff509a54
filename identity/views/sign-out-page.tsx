import type { Translate } from '../translations.ts';
import type { SiteLinks } from '../site-links.ts';

export interface SignOutPageProps {
  t: Translate;
  links: SiteLinks;
  /** oidc-provider's end-session confirmation endpoint and the one-time value it checks. */
  action: string;
  xsrf: string;
  /**
   * Marks the button for the external script that presses it when JavaScript runs: only when the
   * request carried an ID token of this very sign-in, or there is nobody signed in to sign out.
   */
  autoSubmit: boolean;
}

/** RP-initiated logout: one clear button, pressed for the visitor only on proof the site asked. */
export function SignOutPage({ t, links, action, xsrf, autoSubmit }: SignOutPageProps) {
  return (
    <>
      <h1>{t('signOut.title')}</h1>
      <p>{t('signOut.text')}</p>
      <form method="post" action={action}>
        <input type="hidden" name="xsrf" value={xsrf} />
        <button type="submit" name="logout" value="yes" className="button button--primary" data-auto-submit={autoSubmit ? '' : undefined}>
          {t('signOut.submit')}
        </button>
      </form>
      <p>
        <a className="link" href={links.home}>
          {t('login.backToSite')}
        </a>
      </p>
    </>
  );
}
