import type { NavigationLink } from '../content.ts';
import { ContentLink } from '../components/SmartLink.tsx';

export interface NotFoundPageData {
  notFoundPage: { title: string; description: string; links: NavigationLink[] };
}

/** SPEC 3.2: the content-managed not-found page. */
export function NotFoundPage({ data }: { data: NotFoundPageData }) {
  const { title, description, links } = data.notFoundPage;
  return (
    <section className="status-page">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-page__title">{title}</h1>
      <p className="status-page__text">{description}</p>
      {links.length ? (
        <ul className="status-page__links">
          {links.map((link) => (
            <li key={link.id}>
              <ContentLink className="button button--ghost" link={link}>
                {link.title}
              </ContentLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
