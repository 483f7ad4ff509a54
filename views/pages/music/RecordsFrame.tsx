import type { ReactNode } from 'react';
import type { ContentPageFields } from '../../content.ts';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';

/** The label's pages: the page's hero, its text as a lead when it has one, then the page's own sections. */
export function RecordsFrame({ page, children }: { page: ContentPageFields; children: ReactNode }) {
  return (
    <div className="records-page">
      <PageHero header={page.header ?? { title: page.title }} />
      {page.body?.length ? (
        <div className="section section--narrow">
          <RichText className="lead" document={page.body} />
        </div>
      ) : null}
      {children}
    </div>
  );
}
