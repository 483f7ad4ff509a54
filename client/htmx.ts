// htmx enhances the site's plain forms and links; its settings come from the page's
// `<meta name="htmx-config">` (see server/render/render-document.tsx). Its parser is set right
// first: imports run in order.
import './keep-comments-in-parsed-html.ts';
import 'htmx.org';
