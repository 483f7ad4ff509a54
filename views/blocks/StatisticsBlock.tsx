import { BlockSection } from './BlockSection.tsx';
import type { StatisticsBlockContent } from './types.ts';

/** Key figures, big, each with what it counts. */
export function StatisticsBlock({ block }: { block: StatisticsBlockContent }) {
  if (!block.items.length) return null;
  return (
    <BlockSection id={block.id} name="block-statistics" title={block.title} trackView>
      <ul className="statistics">
        {block.items.map((item) => (
          <li key={item.id} className="statistics__item">
            <span className="statistics__value">{item.value}</span>
            <span className="statistics__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
