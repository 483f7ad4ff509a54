import { useSite } from '../site-context.tsx';
import { BlockSection } from './BlockSection.tsx';
import { readFigure } from './statistic-figure.ts';
import type { StatisticsBlockContent } from './types.ts';

/** Key figures, big, each with what it counts; a plain figure is written by the site's formatter. */
export function StatisticsBlock({ block }: { block: StatisticsBlockContent }) {
  const { format } = useSite();
  if (!block.items.length) return null;
  const written = (value: string) => {
    const figure = readFigure(value);
    return figure ? format.compactNumber(figure.value, { orMore: figure.orMore }) : value;
  };
  return (
    <BlockSection id={block.id} name="block-statistics" title={block.title} trackView>
      <ul className="statistics">
        {block.items.map((item) => (
          <li key={item.id} className="statistics__item">
            <span className="statistics__value">{written(item.value)}</span>
            <span className="statistics__label">{item.label}</span>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
