import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { TimelineBlockContent } from './types.ts';

/** Milestones in order of their year, along a line. */
export function TimelineBlock({ block }: { block: TimelineBlockContent }) {
  if (!block.items.length) return null;
  return (
    <BlockSection id={block.id} name="block-timeline" title={block.title}>
      <ol className="timeline">
        {block.items.map((item) => (
          <li key={item.id} className="timeline__item">
            <p className="timeline__year">
              <time dateTime={String(item.year)}>{item.year}</time>
            </p>
            <div className="timeline__body">
              <h3 className="timeline__title">{item.title}</h3>
              {item.description ? <p className="timeline__description">{item.description}</p> : null}
              {item.media ? <ResponsiveImage className="timeline__media" asset={item.media} sizes="(min-width: 48em) 30rem, 85vw" /> : null}
            </div>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
