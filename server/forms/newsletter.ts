import { gql, type TypedDocumentNode } from '@apollo/client';
import { z } from 'zod';
import { NEWSLETTER_FORM, NewsletterForm } from '#views/components/NewsletterForm.tsx';
import type { Locale } from '#views/format.ts';
import type { FormAction } from '../page.ts';
import { trackingContext } from '../site-renderer.tsx';
import { fields, parseForm } from './parse-form.ts';

const SUBSCRIBE: TypedDocumentNode<
  { subscribeEmailToNewsletter: { subscribed: boolean } },
  { input: { email: string; locale: Locale; newsletter: string } }
> = gql`
  mutation SubscribeEmailToNewsletter($input: NewsletterSubscriptionInput!) {
    subscribeEmailToNewsletter(input: $input) {
      subscribed
    }
  }
`;

const schema = z.object({ email: fields.email() });

/** The site-wide newsletter (SPEC 2.4, 7.2); guests may subscribe. */
export const GENERAL_NEWSLETTER = 'general';

/** The footer's newsletter form, handled on whichever page it was sent from. */
export const newsletterAction: FormAction = {
  form: NEWSLETTER_FORM,
  Fragment: NewsletterForm,
  async handle({ services, locale, req, res, accessToken }, body) {
    const parsed = parseForm(schema, body);
    if (!parsed.ok) return { kind: 'invalid', values: parsed.values, errors: parsed.errors };
    try {
      await services.user.mutate(
        SUBSCRIBE,
        { input: { email: parsed.data.email, locale, newsletter: GENERAL_NEWSLETTER } },
        { accessToken: await accessToken() },
      );
    } catch (error) {
      req.log.warn({ err: error }, 'Newsletter subscription failed');
      // SPEC 8: "newsletter subscribe failure".
      return { kind: 'failed', values: { email: parsed.data.email }, message: 'errors:newsletter.subscribeFailed', cause: error };
    }
    // SPEC 9.4: the subscription, by newsletter and the page it was made on; never the address.
    services.tracker.track(
      'pixel_subscribed',
      trackingContext(req, { page_type: res.locals.route ?? 'page', module_name: 'newsletter', submodule_name: 'footer' }),
      { newsletter_name: GENERAL_NEWSLETTER },
    );
    return { kind: 'succeeded', message: 'newsletter.subscribed' };
  },
};
