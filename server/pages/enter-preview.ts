import { PreviewDeniedPage } from '#views/pages/PreviewDeniedPage.tsx';
import { page, redirect, type PageModule } from '../page.ts';
import { ownPath } from '../preview/preview-mode.ts';
import { restrictCaching } from '../render/cache-policy.ts';

/**
 * SPEC 1, 6: editors enter preview mode from the content tool's preview link,
 * `/api/preview?secret=…&redirect=/path`. The right secret sets the preview cookie and goes to the
 * path (this site's only; home otherwise); a wrong or missing one is refused with 401, nothing set.
 */
const enterPreviewPage: PageModule<null> = {
  async load({ req, res, services, urls, t }) {
    restrictCaching(res, 'no-store');
    if (!services.preview.isSecret(req.query.secret)) {
      req.log.warn('A preview link with a wrong or missing secret was refused');
      return page(null, { title: t('errors:preview.denied.title'), noIndex: true }, { page_type: 'preview', module_name: 'preview' }, 401);
    }
    services.preview.enter(res);
    return redirect(ownPath(req.query.redirect) ?? urls.route('home'), 302);
  },
  View: PreviewDeniedPage,
};

export default enterPreviewPage;
