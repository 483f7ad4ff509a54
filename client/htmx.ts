// htmx enhances the site's plain forms and links; its settings come from the page's
// `<meta name="htmx-config">` (see server/render/render-document.tsx).
import 'htmx.org';
