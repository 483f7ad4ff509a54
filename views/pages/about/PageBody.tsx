import type { RichTextNode } from '../../content.ts';
import { documentHeadings, RichText } from '../../components/RichText.tsx';
import { useSite } from '../../site-context.tsx';

/** From this many sections on, a document (terms, privacy policy) gets a table of contents. */
const SECTIONS_FOR_CONTENTS = 3;

/**
 * A page's own text at reading width. A long document opens with a table of contents of its
 * sections, which sits beside the text on wide screens and stays in view while reading.
 */
export function PageBody({ document }: { document: RichTextNode[] | null | undefined }) {
  const { t } = useSite();
  if (!document?.length) return null;
  const sections = documentHeadings(document).filter((heading) => heading.level === 2);
  if (sections.length < SECTIONS_FOR_CONTENTS) {
    return (
      <div className="section section--narrow page-body">
        <RichText document={document} />
      </div>
    );
  }
  return (
    <div className="section page-body page-body--with-contents">
      <nav className="page-contents" aria-labelledby="page-contents-title">
        <h2 id="page-contents-title" className="page-contents__title">
          {t('about:contents.title')}
        </h2>
        <ul className="page-contents__list">
          {sections.map((section) => (
            <li key={section.id}>
              <a className="page-contents__link" href={`#${section.id}`}>
                {section.text}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <RichText className="page-body__document" document={document} anchoredHeadings />
    </div>
  );
}
