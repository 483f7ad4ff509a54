import { BlockLink } from './BlockLink.tsx';
import { BlockSection } from './BlockSection.tsx';
import type { CallToActionBlockContent } from './types.ts';

/** One thing to do next, set apart in the accent colour. */
export function CallToActionBlock({ block }: { block: CallToActionBlockContent }) {
  const section = block.title ?? block.id;
  return (
    <BlockSection id={block.id} name="block-call-to-action" title={block.title} ownHeading trackView>
      <div className="call-to-action">
        <div className="call-to-action__text">
          {block.title ? (
            <h2 id={`block-${block.id}`} className="call-to-action__title">
              {block.title}
            </h2>
          ) : null}
          {block.text ? <p>{block.text}</p> : null}
        </div>
        {block.callToAction ? <BlockLink link={block.callToAction} section={section} /> : null}
      </div>
    </BlockSection>
  );
}
