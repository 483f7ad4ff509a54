import type { FaqBlockContent } from '../../blocks/types.ts';
import { richTextToPlain } from '../../components/RichText.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { useSite } from '../../site-context.tsx';
import { BlockPageLayout, type BlockPageContent } from './BlockPage.tsx';

/**
 * SPEC 2.1 /about/faq: each FAQ block is a topic under its own heading, its questions native
 * disclosure widgets (views/blocks/FaqBlock.tsx); an index of the topics leads to each, and the
 * questions and answers are given to search engines as a FAQPage.
 */
export function FaqPage({ data }: { data: { page: BlockPageContent } }) {
  const { t } = useSite();
  const topics = data.page.blocks.filter((block): block is FaqBlockContent => block.__typename === 'FaqBlock' && block.items.length > 0);
  const titled = topics.filter((topic) => topic.title);
  return (
    <BlockPageLayout page={data.page}>
      {titled.length > 1 ? (
        <nav className="section section--narrow faq-topics" aria-label={t('about:faq.topics')}>
          <ul className="chips">
            {titled.map((topic) => (
              <li key={topic.id}>
                <a className="chip-link" href={`#block-${topic.id}`}>
                  {topic.title}
                  <span className="chip-link__count">{topic.items.length}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {topics.length ? (
        <StructuredData
          data={{
            '@type': 'FAQPage',
            mainEntity: topics.flatMap((topic) =>
              topic.items.map((item) => ({
                '@type': 'Question',
                name: item.question,
                acceptedAnswer: { '@type': 'Answer', text: richTextToPlain(item.answer) },
              })),
            ),
          }}
        />
      ) : null}
    </BlockPageLayout>
  );
}
