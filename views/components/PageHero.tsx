import type { ReactNode } from 'react';
import type { PageHeader } from '../content.ts';
import { ResponsiveImage } from './ResponsiveImage.tsx';
import { ContentLink } from './SmartLink.tsx';

interface PageHeroProps {
  header: PageHeader;
  accent?: string;
  /** Utility pages (calendars, lists) keep the cover as a band so their content starts above the fold. */
  compact?: boolean;
  children?: ReactNode;
}

/** The big header at the top of a page: title, subtitle, cover and a call to action. */
export function PageHero({ header, accent, compact = false, children }: PageHeroProps) {
  const className = ['hero', header.cover ? null : 'hero--plain', compact ? 'hero--compact' : null].filter(Boolean).join(' ');
  return (
    <header className={className} style={accent ? ({ '--accent': accent } as object) : undefined}>
      {header.cover ? <ResponsiveImage className="hero__cover" asset={header.cover} sizes="100vw" priority /> : null}
      <div className="hero__content">
        <h1 className="hero__title">{header.title}</h1>
        {header.subtitle ? <p className="hero__subtitle">{header.subtitle}</p> : null}
        {children}
        {header.callToAction ? (
          <ContentLink className="button button--primary hero__cta" link={header.callToAction}>
            {header.callToAction.title}
          </ContentLink>
        ) : null}
      </div>
    </header>
  );
}
