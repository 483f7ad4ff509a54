/**
 * How an island's props travel (views/components/Island.tsx): as JSON in a data block right after
 * the island, where an attribute would write every quote as `&quot;` (decision 0054). Shared by the
 * server, which writes them, and the browser scripts, which read them; no imports, so the scripts
 * take nothing else with it.
 */

/** The data block's text: `<` escaped, so no text in the props can close the block. */
export const islandPropsJson = (props: object) => JSON.stringify(props).replaceAll('<', '\\u003c');

/** The props an island was rendered with (in the page, or in a page or fragment parsed apart). */
export function propsOfIsland<Props extends object>(island: Element | null | undefined): Props | null {
  const data = island?.nextElementSibling;
  if (!data?.matches('script[data-island-props]')) return null;
  try {
    return JSON.parse(data.textContent ?? '') as Props;
  } catch {
    return null;
  }
}
