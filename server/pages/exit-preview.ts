import { redirect, type PageModule } from '../page.ts';
import { ownPath } from '../preview/preview-mode.ts';
import { restrictCaching } from '../render/cache-policy.ts';

/** SPEC 2.1 `/api/exit-preview`: ends preview mode and goes back to `redirect` (this site's paths only) or home. */
const exitPreviewPage: PageModule<null> = {
  async load({ req, res, services, urls }) {
    restrictCaching(res, 'no-store');
    services.preview.exit(res);
    return redirect(ownPath(req.query.redirect) ?? urls.route('home'), 302);
  },
  View: () => null,
};

export default exitPreviewPage;
