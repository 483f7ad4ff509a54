/**
 * htmx parses every answer with `Document.parseHTMLUnsafe` where the browser has it, and Chromium's
 * drops HTML comments. React's server markup separates adjacent texts with empty comments
 * (`Price each<!-- -->: `): without them an island that arrives in an htmx swap no longer matches
 * its own render, and hydrating it fails (React error #418) and re-renders it from scratch. Where
 * the browser's parser loses comments, htmx gets the DOMParser one, which keeps them and otherwise
 * builds the same document (the site uses no declarative shadow DOM, the one thing it adds).
 */
type ParsingDocument = typeof Document & { parseHTMLUnsafe?: (html: string) => Document };

const parsing = Document as ParsingDocument;
const losesComments = (parse: (html: string) => Document) =>
  parse('<body><!--probe--></body>').body.firstChild?.nodeType !== Node.COMMENT_NODE;

if (parsing.parseHTMLUnsafe && losesComments(parsing.parseHTMLUnsafe.bind(Document))) {
  Object.defineProperty(Document, 'parseHTMLUnsafe', {
    configurable: true,
    writable: true,
    value: (html: string) => new DOMParser().parseFromString(html, 'text/html'),
  });
}
