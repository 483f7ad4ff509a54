import { ResponsiveImage } from '../components/ResponsiveImage.tsx';
import { BlockLink } from './BlockLink.tsx';
import type { HeaderBlockContent } from './types.ts';

/**
 * A header inside a page: a title over a picture with a call to action. The page has its own
 * title (h1) above, so this one is a section heading.
 */
export function HeaderBlock({ block }: { block: HeaderBlockContent }) {
  const headingId = `block-${block.id}`;
  return (
    <section className={block.cover ? 'block block-header' : 'block block-header block-header--plain'} aria-labelledby={headingId}>
      {block.cover ? <ResponsiveImage className="block-header__cover" asset={block.cover} alt="" sizes="100vw" /> : null}
      <div className="block-header__content">
        <h2 id={headingId} className="block-header__title">
          {block.heading}
        </h2>
        {block.subtitle ? <p className="block-header__subtitle">{block.subtitle}</p> : null}
        {block.callToAction ? <BlockLink link={block.callToAction} section={block.heading} /> : null}
      </div>
    </section>
  );
}
