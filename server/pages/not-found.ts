import { notFound, type PageModule } from '../page.ts';

/** SPEC 2.1 `/404`: the content-managed not-found page, with status 404 like any unknown URL. */
const notFoundPage: PageModule<null> = {
  load: async () => notFound(),
  View: () => null,
};

export default notFoundPage;
