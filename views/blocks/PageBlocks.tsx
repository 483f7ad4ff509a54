import type { ComponentType } from 'react';
import { CallToActionBlock } from './CallToActionBlock.tsx';
import { CardsBlock } from './CardsBlock.tsx';
import { CarouselBlock } from './CarouselBlock.tsx';
import { ContentGridBlock } from './ContentGridBlock.tsx';
import { CountdownBlock } from './CountdownBlock.tsx';
import { DownloadAppBlock } from './DownloadAppBlock.tsx';
import { EventListBlock } from './EventListBlock.tsx';
import { FaqBlock } from './FaqBlock.tsx';
import { HeaderBlock } from './HeaderBlock.tsx';
import { IframeBlock } from './IframeBlock.tsx';
import { PartnerListBlock } from './PartnerListBlock.tsx';
import { RichTextBlock } from './RichTextBlock.tsx';
import { StatisticsBlock } from './StatisticsBlock.tsx';
import { TimelineBlock } from './TimelineBlock.tsx';
import type { PageBlockContent } from './types.ts';

type BlockComponents = {
  [Name in PageBlockContent['__typename']]: ComponentType<{ block: Extract<PageBlockContent, { __typename: Name }> }>;
};

/** One component per block type of SPEC 3.2; each renders completely without JavaScript. */
const BLOCK_COMPONENTS: BlockComponents = {
  RichTextBlock,
  HeaderBlock,
  CountdownBlock,
  IframeBlock,
  DownloadAppBlock,
  StatisticsBlock,
  FaqBlock,
  CardsBlock,
  ContentGridBlock,
  CarouselBlock,
  CallToActionBlock,
  EventListBlock,
  TimelineBlock,
  PartnerListBlock,
};

/**
 * A page's blocks (SPEC 3.2), in the order the editors put them, each its own section. A block
 * asks for the little script it needs (countdown, carousel), so pages without one load none.
 */
export function PageBlocks({ blocks }: { blocks: PageBlockContent[] }) {
  return (
    <>
      {blocks.map((block) => {
        // A block type this site version does not know yet (content ahead of code) is left out.
        const Block = BLOCK_COMPONENTS[block.__typename] as ComponentType<{ block: PageBlockContent }> | undefined;
        return Block ? <Block key={block.id} block={block} /> : null;
      })}
    </>
  );
}
