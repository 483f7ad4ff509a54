import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { BlockLink } from './BlockLink.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { CardsBlockContent } from './types.ts';

/** Short pieces side by side: a picture, a title, a line of text and where to read more. */
export function CardsBlock({ block }: { block: CardsBlockContent }) {
  if (!block.items.length) return null;
  const section = block.title ?? block.id;
  return (
    <BlockSection id={block.id} name="block-cards" title={block.title}>
      <ul className="cards">
        {block.items.map((card) => (
          <li key={card.id} className="card">
            {card.image ? (
              <div className="card__media">
                <ResponsiveImage
                  className="card__image"
                  asset={card.image}
                  alt=""
                  sizes="(min-width: 64em) 25rem, (min-width: 40em) 45vw, 92vw"
                />
              </div>
            ) : null}
            <div className="card__body">
              <h3 className="card__title">{card.title}</h3>
              {card.text ? <p className="card__text">{card.text}</p> : null}
              {card.link ? <BlockLink link={card.link} section={section} className="card__link" /> : null}
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
