import { RichText } from '../components/RichText.tsx';
import { useTrack } from '../components/tracking.ts';
import { BlockSection } from './BlockSection.tsx';
import type { FaqBlockContent } from './types.ts';

/**
 * Questions and answers as disclosure widgets: `<details>` opens and closes without JavaScript;
 * opening one is reported as faq_accordion_opened, following a link in an answer as faq_link_clicked
 * (SPEC 9.4).
 */
export function FaqBlock({ block }: { block: FaqBlockContent }) {
  const track = useTrack();
  if (!block.items.length) return null;
  const category = block.category ?? block.title ?? '';
  return (
    <BlockSection id={block.id} name="block-faq" title={block.title} narrow>
      <div className="faq">
        {block.items.map((item) => (
          <details
            key={item.id}
            className="faq__item"
            {...track.onOpen('faq_accordion_opened', { faq_category: category, faq_item_title: item.question })}
          >
            <summary className="faq__question">{item.question}</summary>
            <RichText
              className="faq__answer"
              document={item.answer}
              linkAttributes={(link) => track('faq_link_clicked', { faq_item_title: item.question, faq_item_link: link.url })}
            />
          </details>
        ))}
      </div>
    </BlockSection>
  );
}
