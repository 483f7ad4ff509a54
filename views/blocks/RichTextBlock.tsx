import { RichText } from '../components/RichText.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { RichTextBlockContent } from './types.ts';

/** Editorial text between other blocks, at reading width. */
export function RichTextBlock({ block }: { block: RichTextBlockContent }) {
  return (
    <BlockSection id={block.id} name="block-rich-text" title={block.title} narrow>
      <RichText document={block.body} />
    </BlockSection>
  );
}
