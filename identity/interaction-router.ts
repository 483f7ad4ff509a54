import express, { type Request, type Response } from 'express';
import cookieParser from 'cookie-parser';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import type { Logger } from '#platform/logger.ts';
import type { RateLimits } from '#platform/rate-limits.ts';
import type { CsrfGuard } from './csrf-guard.ts';
import type { HostedPages, LoginPageContent } from './hosted-pages.tsx';
import { pickLocale } from './locale.ts';
import { parseLoginForm } from './login-form.ts';
import { isSocialProvider } from '#platform/social-providers.ts';
import { parsedAndChecked } from '#platform/unstorable-text.ts';
import { createSocialRoutes, type SocialSignInSetup } from './social/social-routes.ts';
import type { UserPool } from './user-pool.ts';

export interface InteractionRouterOptions {
  provider: Provider;
  userPool: UserPool;
  pages: HostedPages;
  csrf: CsrfGuard;
  rateLimits: RateLimits;
  /** Public path of the interaction routes, e.g. `/oidc/interaction`. */
  basePath: string;
  logger: Logger;
  /** Social sign-in (decision 0021). */
  social: SocialSignInSetup;
  /** SPEC 7.4, 9.4: a sign-in the hosted page refused, for the site's analytics; no personal data. */
  onSignInRefused?: SignInRefusedListener | undefined;
}

/**
 * `reason` is a short code (`wrong_credentials`, `too_many_requests`); `locale` the page's language;
 * `cookieHeader` the request's cookies, where the site finds its visitor's privacy choice.
 */
export type SignInRefusedListener = (refusal: {
  reason: 'wrong_credentials' | 'too_many_requests';
  locale: 'en' | 'ar';
  cookieHeader: string | undefined;
}) => void;

/**
 * The hosted sign-in (`/interaction/:uid`): the page, the credentials POST and the cancel POST.
 * Plain forms and 303 redirects, so it works with JavaScript off. Body parsing happens here only,
 * never in front of oidc-provider's own routes.
 */
export function createInteractionRouter(options: InteractionRouterOptions): express.Router {
  const { provider, userPool, pages, csrf, rateLimits, basePath, logger } = options;
  const router = express.Router();
  const form = parsedAndChecked(express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 }));
  router.use(cookieParser());

  /** The sign-in this URL belongs to, if it is still going on in this browser. */
  async function interactionOf(req: Request<{ uid: string }>, res: Response): Promise<Interaction | undefined> {
    try {
      const interaction = await provider.interactionDetails(req, res);
      return interaction.uid === req.params.uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  const localeOf = (req: Request, interaction: Interaction | undefined) =>
    pickLocale({ uiLocales: interaction?.params.ui_locales, cookieHeader: req.headers.cookie });

  function send(res: Response, status: number, html: string) {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }

  function sendLogin(
    req: Request<{ uid: string }>,
    res: Response,
    interaction: Interaction,
    status: number,
    content: Partial<LoginPageContent>,
  ) {
    const action = `${basePath}/${encodeURIComponent(interaction.uid)}`;
    send(
      res,
      status,
      pages.login(localeOf(req, interaction), {
        loginAction: `${action}/login`,
        abortAction: `${action}/abort`,
        csrfToken: csrf.token(req, res),
        email: typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '',
        fieldErrors: {},
        social: social.buttons(interaction.uid),
        ...content,
      }),
    );
  }

  const social = createSocialRoutes({
    ...options.social,
    provider,
    csrf,
    basePath,
    logger,
    interactionOf,
    localeOf,
    sendLogin,
    sendExpired: (req, res) => send(res, 400, pages.expired(localeOf(req, undefined))),
  });
  router.use(social.router);

  router.get('/:uid', async (req, res) => {
    const interaction = await interactionOf(req, res);
    if (!interaction) return send(res, 400, pages.expired(localeOf(req, undefined)));
    if (interaction.prompt.name === 'login') {
      // `identity_provider=google` (the site's "Sign up with Google"): straight to the provider.
      const requested = interaction.params.identity_provider;
      if (isSocialProvider(requested)) return social.begin(req, res, interaction, requested);
      const ticket = interaction.params.login_ticket;
      if (typeof ticket !== 'string') return sendLogin(req, res, interaction, 200, {});
      // The "done" state of sign-up (SPEC 2.4): the ticket, pushed by the site so it never
      // appeared in a URL, signs the new user in once, without a form.
      const user = await userPool.redeemSignInTicket(ticket);
      if (!user) return sendLogin(req, res, interaction, 200, { formError: 'login.errors.ticketExpired' });
      logger.info({ sub: user.id }, 'Signed in with a sign-up ticket');
      return provider.interactionFinished(req, res, { login: { accountId: user.id }, consent: {} }, { mergeWithLastSubmission: false });
    }
    // A signed-in visitor whose site asked for `prompt=consent`: our first-party clients get it
    // without a screen (the grant itself is made in automatic-consent.ts).
    if (interaction.prompt.name === 'consent') return provider.interactionFinished(req, res, { consent: {} });
    logger.warn({ prompt: interaction.prompt }, 'Interaction without a hosted page');
    send(res, 400, pages.error(localeOf(req, interaction), { error: 'interaction_required' }));
  });

  // A reload or a shared link of a page answered to a POST: back to the sign-in itself.
  router.get(['/:uid/login', '/:uid/abort'], (req, res) => {
    res.redirect(303, `${basePath}/${encodeURIComponent(String(req.params.uid))}`);
  });

  router.post('/:uid/login', form, async (req, res) => {
    const interaction = await interactionOf(req, res);
    if (!csrf.isValid(req)) return send(res, 403, pages.csrfRejected(localeOf(req, interaction)));
    if (!interaction || interaction.prompt.name !== 'login') return send(res, 400, pages.expired(localeOf(req, interaction)));

    const submitted = parseLoginForm(req.body);
    if (!submitted.valid) {
      return sendLogin(req, res, interaction, 422, { email: submitted.email, fieldErrors: submitted.fieldErrors });
    }
    // Every brute-force limit is checked before the password is, so a refused guess costs nothing.
    // Guesses from one address lock that address out of the account, not the owner elsewhere.
    const account = submitted.email.toLowerCase();
    const address = req.ip ?? 'unknown';
    const accountFromAddress = `${account} ${address}`;
    const limits = await Promise.all([
      rateLimits.check('signInFailuresPerAccountAndAddress', accountFromAddress),
      rateLimits.check('signInFailuresPerAccount', account),
      rateLimits.check('signInFailuresPerAddress', address),
    ]);
    const blocked = limits.find((limit) => !limit.allowed);
    if (blocked) {
      logger.warn({ interaction: interaction.uid }, 'Sign-in refused: too many failures');
      res.set('Retry-After', String(blocked.retryAfterSeconds));
      options.onSignInRefused?.({ reason: 'too_many_requests', locale: localeOf(req, interaction), cookieHeader: req.headers.cookie });
      return sendLogin(req, res, interaction, 429, { email: submitted.email, formError: 'login.errors.tooManyRequests' });
    }

    const result = await userPool.authenticate(submitted.email, submitted.password);
    if (result.outcome === 'refused') {
      await Promise.all([
        rateLimits.consume('signInFailuresPerAccountAndAddress', accountFromAddress),
        rateLimits.consume('signInFailuresPerAccount', account),
        rateLimits.consume('signInFailuresPerAddress', address),
      ]);
      logger.info({ interaction: interaction.uid }, 'Sign-in refused: wrong username or password');
      options.onSignInRefused?.({ reason: 'wrong_credentials', locale: localeOf(req, interaction), cookieHeader: req.headers.cookie });
      // SPEC 8: one message for both cases, so the form does not reveal which emails have accounts.
      return sendLogin(req, res, interaction, 401, { email: submitted.email, formError: 'login.errors.wrongCredentials' });
    }
    await rateLimits.reset('signInFailuresPerAccountAndAddress', accountFromAddress);
    if (result.outcome === 'unconfirmed') {
      // The password was right, so saying the account waits for its code reveals nothing new.
      return sendLogin(req, res, interaction, 403, {
        email: submitted.email,
        formError: 'login.errors.unconfirmed',
        formErrorLink: { href: 'verification', label: 'login.errors.confirmLink' },
      });
    }
    const { user } = result;
    logger.info({ sub: user.id }, 'Signed in');
    // Consent comes with the sign-in, so a `prompt=consent` request needs no second round trip.
    await provider.interactionFinished(req, res, { login: { accountId: user.id }, consent: {} }, { mergeWithLastSubmission: false });
  });

  router.post('/:uid/abort', form, async (req, res) => {
    const interaction = await interactionOf(req, res);
    if (!csrf.isValid(req)) return send(res, 403, pages.csrfRejected(localeOf(req, interaction)));
    if (!interaction) return send(res, 400, pages.expired(localeOf(req, undefined)));
    // The site receives `access_denied` at its callback and takes the visitor back.
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The visitor cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
  });

  return router;
}
