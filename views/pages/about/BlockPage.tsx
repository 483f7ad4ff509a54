import type { ReactNode } from 'react';
import type { ContentPageFields } from '../../content.ts';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { PageHero } from '../../components/PageHero.tsx';
import { PageBody } from './PageBody.tsx';

/** A page record with its blocks (SPEC 3.2), as server/pages/about/block-page.ts loads it. */
export type BlockPageContent = ContentPageFields & { blocks: PageBlockContent[] };

interface BlockPageLayoutProps {
  page: BlockPageContent;
  /** What a page type shows between its text and its blocks: the FAQ's topics, the contact channels. */
  children?: ReactNode;
}

/** The about, company, legal and store pages: hero, text, what the page type adds, then the blocks. */
export function BlockPageLayout({ page, children }: BlockPageLayoutProps) {
  return (
    <article className="block-page">
      {/* Without a cover (legal pages), a band: the text starts above the fold. */}
      <PageHero header={page.header ?? { title: page.title }} compact={!page.header?.cover} />
      <PageBody document={page.body} />
      {children}
      <PageBlocks blocks={page.blocks} />
    </article>
  );
}

export function BlockPage({ data }: { data: { page: BlockPageContent } }) {
  return <BlockPageLayout page={data.page} />;
}
