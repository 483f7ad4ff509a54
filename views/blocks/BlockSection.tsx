import type { ReactNode } from 'react';
import { useTrack } from '../components/tracking.ts';

interface BlockSectionProps {
  /** The block's content id: it names the heading the section is labelled by. */
  id: string;
  /** The block's modifier class, `block-<name>`. */
  name: string;
  title?: string | null | undefined;
  /** Beside the title: a "see all" link, carousel arrows. */
  aside?: ReactNode;
  /** SPEC 9.4: report section_viewed when the section first comes into view. */
  trackView?: boolean;
  narrow?: boolean;
  /** The block writes its title itself (as `<h2 id="block-<id>">`), inside its own layout. */
  ownHeading?: boolean;
  children: ReactNode;
}

/** The band every page block sits in: a section labelled by its title, when it has one. */
export function BlockSection({
  id,
  name,
  title,
  aside,
  trackView = false,
  narrow = false,
  ownHeading = false,
  children,
}: BlockSectionProps) {
  const track = useTrack();
  const headingId = `block-${id}`;
  return (
    <section
      className={['section', narrow ? 'section--narrow' : '', 'block', name].filter(Boolean).join(' ')}
      aria-labelledby={title ? headingId : undefined}
      {...(trackView && title ? track.onView('section_viewed', { section_name: title }) : {})}
    >
      {(title && !ownHeading) || aside ? (
        <div className="section__heading">
          {title && !ownHeading ? (
            <h2 id={headingId} className="section__title">
              {title}
            </h2>
          ) : null}
          {aside}
        </div>
      ) : null}
      {children}
    </section>
  );
}
