import { z } from 'zod';
import { NO_CONSENT, type PrivacyConsent } from '#platform/privacy-consent.ts';
import { PRIVACY_FORM } from '#views/components/PrivacyBanner.tsx';
import { PrivacyChoicesPage, type PrivacyChoicesPageData } from '#views/pages/PrivacyChoicesPage.tsx';
import { safeReturnTo } from '../auth/session-auth.ts';
import { page, type PageContext, type PageModule } from '../page.ts';
import { savePrivacyConsent } from '../privacy/consent.ts';
import { restrictCaching } from '../render/cache-policy.ts';

/**
 * `accept-all` and `reject-all` answer everything at once (the banner's two buttons); `save` takes
 * each purpose's box, unticked meaning refused. Anything else was not sent by our forms.
 */
const choiceForm = z.object({
  choice: z.enum(['accept-all', 'reject-all', 'save'], { error: 'privacy.invalidChoice' }),
  analytics: z.literal('on').optional(),
  marketing: z.literal('on').optional(),
  returnTo: z.string().optional(),
});

function consentChosen({ choice, analytics, marketing }: z.output<typeof choiceForm>): PrivacyConsent {
  if (choice === 'accept-all') return { analytics: true, marketing: true };
  if (choice === 'reject-all') return NO_CONSENT;
  return { analytics: analytics === 'on', marketing: marketing === 'on' };
}

/** Back to the page the visitor answered on (own paths only), else to this page. */
const returnPath = (context: PageContext, value: unknown) => safeReturnTo(value, context.urls.route('privacyChoices'));

/**
 * The page a visitor came from by a link of ours (the banner's, the footer's): every page links
 * here by one address, which keeps those links shareable and cacheable, and the browser says
 * where from (the site's Referrer-Policy sends the path to its own origin).
 */
function cameFrom(context: PageContext): string | undefined {
  const referer = URL.parse(context.req.get('referer') ?? '');
  if (!referer || referer.origin !== new URL(context.urls.absolute('/')).origin) return undefined;
  return `${referer.pathname}${referer.search}`;
}

/**
 * Privacy choices (decision 0051): the banner posts here and returns to its page; the footer links
 * here to change the answer later. The page shows this visitor's choice, so it is theirs alone.
 */
const privacyChoicesPage: PageModule<PrivacyChoicesPageData> = {
  async load(context) {
    restrictCaching(context.res, 'private');
    return page(
      { consent: context.req.privacyConsent, returnTo: returnPath(context, context.req.query.returnTo ?? cameFrom(context)) },
      { title: context.t('privacy.page.title'), description: context.t('privacy.page.lead'), noIndex: true },
      { page_type: 'privacy', module_name: 'privacy' },
    );
  },
  View: PrivacyChoicesPage,
  actions: {
    'privacy-consent': {
      form: PRIVACY_FORM,
      async handle(context, body) {
        const parsed = choiceForm.safeParse(body);
        // A choice our forms never send: refused as a bad request, with the reason on the page.
        if (!parsed.success) return { kind: 'invalid', values: {}, errors: {}, message: 'privacy.invalidChoice', status: 400 };
        savePrivacyConsent(context.res, consentChosen(parsed.data), context.urls.absolute('/').startsWith('https:'));
        return { kind: 'succeeded', message: 'privacy.saved', redirectTo: returnPath(context, parsed.data.returnTo) };
      },
    },
  },
};

export default privacyChoicesPage;
