import { Icon } from '../components/Icon.tsx';
import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { useTrack } from '../components/tracking.ts';
import { useSite } from '../site-context.tsx';
import { BlockLink } from './BlockLink.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { CarouselBlockContent } from './types.ts';

/**
 * A row of pictures that scrolls sideways (SPEC 3.2). Without JavaScript it is a list in a
 * scrollable, focusable region, moved by swipe, scroll bar or arrow keys;
 * client/enhancements/carousel.ts reveals the previous and next buttons and keeps them in step.
 */
export function CarouselBlock({ block }: { block: CarouselBlockContent }) {
  const { t, assets } = useSite();
  const track = useTrack();
  assets.use('carousel');
  if (!block.items.length) return null;
  const section = block.title ?? block.id;
  const arrows = (
    <div className="carousel__arrows" data-carousel-arrows hidden>
      {(['previous', 'next'] as const).map((arrow) => (
        <button
          key={arrow}
          type="button"
          className={`carousel__arrow carousel__arrow--${arrow}`}
          data-carousel-arrow={arrow}
          {...track('carousel_arrow_clicked', { carousel_arrow: arrow, section_name: section })}
        >
          <Icon name="arrow" />
          <span className="visually-hidden">{t(`blocks:carousel.${arrow}`)}</span>
        </button>
      ))}
    </div>
  );
  return (
    <BlockSection id={block.id} name="block-carousel" title={block.title} aside={arrows} trackView>
      <div className="carousel" data-carousel role="region" aria-label={t('blocks:carousel.label', { title: section })} tabIndex={0}>
        <ul className="carousel__track">
          {block.items.map((item) => (
            <li key={item.id} className="carousel__slide">
              <figure className="carousel__figure">
                {item.image ? (
                  <ResponsiveImage className="carousel__image" asset={item.image} sizes="(min-width: 64em) 40rem, 85vw" />
                ) : null}
                {item.caption || item.link ? (
                  <figcaption className="carousel__caption">
                    {item.caption ? <span>{item.caption}</span> : null}
                    {item.link ? <BlockLink link={item.link} section={section} className="carousel__link" /> : null}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </BlockSection>
  );
}
