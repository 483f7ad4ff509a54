import express, { type Request, type RequestHandler, type Response } from 'express';
import type { Interaction, Provider } from 'oidc-provider';
import type { Logger } from '#platform/logger.ts';
import { isSocialProvider, SOCIAL_PROVIDERS, type SocialProvider } from '#platform/social-providers.ts';
import { parsedAndChecked } from '#platform/unstorable-text.ts';
import type { CsrfGuard } from '../csrf-guard.ts';
import type { LoginPageContent } from '../hosted-pages.tsx';
import type { Locale } from '../locale.ts';
import type { SocialButton } from '../views/social-buttons.tsx';
import type { PendingSignIns } from './pending-sign-in.ts';
import type { SocialAccounts } from './social-accounts.ts';
import type { UpstreamClients } from './upstream-clients.ts';

/** What the identity service sets up once for social sign-in (service.ts). */
export interface SocialSignInSetup {
  upstream: UpstreamClients;
  accounts: SocialAccounts;
  pending: PendingSignIns;
}

export interface SocialRoutesOptions extends SocialSignInSetup {
  provider: Provider;
  csrf: CsrfGuard;
  /** Public path of the interaction routes, e.g. `/oidc/interaction`. */
  basePath: string;
  logger: Logger;
  interactionOf(req: Request<{ uid: string }>, res: Response): Promise<Interaction | undefined>;
  localeOf(req: Request, interaction: Interaction | undefined): Locale;
  sendLogin(
    req: Request<{ uid: string }>,
    res: Response,
    interaction: Interaction,
    status: number,
    content: Partial<LoginPageContent>,
  ): void;
  sendExpired(req: Request, res: Response): void;
}

/** SPEC 8 messages on the hosted login page (keys of `identity.json`). */
const MESSAGES = {
  unavailable: (provider: SocialProvider) => `social.unavailable.${provider}`,
  other: 'social.errors.other',
  accountExists: 'social.errors.accountExists',
};

/**
 * Social sign-in at the hosted login page (SPEC 4.1, decision 0021): a button per provider posts to
 * `/:uid/social/:provider`, which sends the visitor upstream; the provider's answer comes back at
 * `${issuer}/social/callback` (see `socialCallbackRedirect`) and is checked at `/:uid/social/callback`,
 * where the interaction's own cookie is in scope. The outcome finishes the interaction like a
 * password sign-in, or shows the login page with the SPEC 8 message.
 */
export function createSocialRoutes(options: SocialRoutesOptions) {
  const { provider, upstream, accounts, pending, csrf, basePath, logger } = options;
  const router = express.Router();
  const form = parsedAndChecked(express.urlencoded({ extended: false, limit: '10kb', parameterLimit: 20 }));
  const interactionPath = (uid: string) => `${basePath}/${encodeURIComponent(uid)}`;

  /** The buttons of the login page: a form for each configured provider, a disabled button otherwise. */
  function buttons(uid: string): SocialButton[] {
    return SOCIAL_PROVIDERS.map((name) =>
      upstream.isConfigured(name) ? { provider: name, action: `${interactionPath(uid)}/social/${name}` } : { provider: name },
    );
  }

  /** Sends the visitor to the upstream provider, or shows why not. */
  async function begin(req: Request<{ uid: string }>, res: Response, interaction: Interaction, name: SocialProvider): Promise<void> {
    if (!upstream.isConfigured(name)) {
      return options.sendLogin(req, res, interaction, 503, { formError: MESSAGES.unavailable(name) });
    }
    try {
      const { url, request } = await upstream.authorizationUrl(name, options.localeOf(req, interaction));
      pending.keep(res, { uid: interaction.uid, provider: name, ...request });
      logger.info({ provider: name, interaction: interaction.uid }, 'Social sign-in started');
      res.redirect(303, url);
    } catch (error) {
      logger.warn({ err: error, provider: name }, 'Social sign-in could not start: the provider is unreachable');
      options.sendLogin(req, res, interaction, 503, { formError: MESSAGES.other });
    }
  }

  router.post('/:uid/social/:provider', form, async (req: Request<{ uid: string; provider: string }>, res) => {
    const interaction = await options.interactionOf(req, res);
    if (!csrf.isValid(req)) return options.sendExpired(req, res);
    if (!interaction || interaction.prompt.name !== 'login') return options.sendExpired(req, res);
    const name = req.params.provider;
    if (!isSocialProvider(name)) return options.sendLogin(req, res, interaction, 404, { formError: MESSAGES.other });
    await begin(req, res, interaction, name);
  });

  router.get('/:uid/social/callback', async (req: Request<{ uid: string }>, res) => {
    const interaction = await options.interactionOf(req, res);
    const attempt = pending.read(req);
    pending.clear(res);
    if (!interaction || interaction.prompt.name !== 'login') return options.sendExpired(req, res);
    const refuse = (status: number, formError: string) => options.sendLogin(req, res, interaction, status, { formError });
    if (!attempt || attempt.uid !== interaction.uid) {
      logger.warn({ interaction: interaction.uid }, 'Social sign-in refused: no pending attempt for this sign-in in this browser');
      return refuse(400, MESSAGES.other);
    }
    const callbackUrl = new URL(req.originalUrl, 'http://callback.invalid');
    if (callbackUrl.searchParams.has('error')) {
      logger.info(
        { provider: attempt.provider, error: callbackUrl.searchParams.get('error')?.slice(0, 100) },
        'Social sign-in refused by the provider',
      );
      return refuse(401, MESSAGES.other);
    }

    let identity;
    try {
      // The code exchange checks what came back against what went out: state, nonce, PKCE, issuer, signature.
      identity = await upstream.complete(attempt.provider, upstreamCallbackUrl(options, callbackUrl), attempt);
    } catch (error) {
      logger.warn({ err: error, provider: attempt.provider }, 'Social sign-in failed at the code exchange');
      return refuse(401, MESSAGES.other);
    }

    const outcome = await accounts.signIn(attempt.provider, identity, options.localeOf(req, interaction));
    if (outcome.kind === 'emailTaken') {
      logger.info({ provider: attempt.provider }, 'Social sign-in refused: its e-mail belongs to another account');
      return refuse(409, MESSAGES.accountExists);
    }
    if (outcome.kind === 'noEmail') {
      logger.warn({ provider: attempt.provider }, 'Social sign-in refused: the provider gave no e-mail');
      return refuse(401, MESSAGES.other);
    }
    logger.info({ sub: outcome.userId, provider: attempt.provider, created: outcome.created }, 'Signed in through a social provider');
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: outcome.userId, amr: ['fed'] }, consent: {} },
      { mergeWithLastSubmission: false },
    );
  });

  return { router, buttons, begin };
}

/**
 * The callback the upstream providers know, `${issuer}/social/callback`, outside the interaction's
 * cookie path: it sends the browser on to the interaction the signed attempt names, query intact.
 */
export function socialCallbackRedirect(options: {
  pending: PendingSignIns;
  basePath: string;
  sendExpired(req: Request, res: Response): void;
}): RequestHandler {
  return (req, res) => {
    const attempt = options.pending.read(req);
    if (!attempt) return options.sendExpired(req, res);
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    res.redirect(303, `${options.basePath}/${encodeURIComponent(attempt.uid)}/social/callback${query}`);
  };
}

/** The URL the upstream provider redirected to: the registered redirect URI with the query it sent. */
function upstreamCallbackUrl(options: SocialRoutesOptions, received: URL): URL {
  const url = new URL(options.upstream.redirectUri);
  url.search = received.search;
  return url;
}
