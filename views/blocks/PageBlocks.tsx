import type { ComponentType } from 'react';
import { PageHero } from '../components/PageHero.tsx';
import { RichText } from '../components/RichText.tsx';
import type { HeaderBlockContent, PageBlockContent, RichTextBlockContent } from './types.ts';

type BlockComponents = {
  [Name in PageBlockContent['__typename']]?: ComponentType<{ block: Extract<PageBlockContent, { __typename: Name }> }>;
};

/** One component per block type; a block of a type without one is left out. */
const BLOCK_COMPONENTS: BlockComponents = {
  RichTextBlock: RichTextSection,
  HeaderBlock: HeaderSection,
};

/** A page's blocks (SPEC 3.2), in the order the editors put them, each its own section. */
export function PageBlocks({ blocks }: { blocks: PageBlockContent[] }) {
  return (
    <>
      {blocks.map((block) => {
        const Block = BLOCK_COMPONENTS[block.__typename] as ComponentType<{ block: PageBlockContent }> | undefined;
        return Block ? <Block key={block.id} block={block} /> : null;
      })}
    </>
  );
}

function RichTextSection({ block }: { block: RichTextBlockContent }) {
  return (
    <section className="section section--narrow block-rich-text">
      {block.title ? <h2 className="section__title">{block.title}</h2> : null}
      <RichText document={block.body} />
    </section>
  );
}

function HeaderSection({ block }: { block: HeaderBlockContent }) {
  return <PageHero header={{ ...block, title: block.heading }} />;
}
