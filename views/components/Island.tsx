import type { ComponentType } from 'react';
import { useSite, type ClientEntry } from '../site-context.tsx';
import { islandPropsJson } from './island-props.ts';

interface IslandProps<Props extends object> {
  name: ClientEntry;
  component: ComponentType<Props>;
  props: Props;
}

/**
 * A component rendered on the server and hydrated in the browser by its own script, which the
 * page links only because the island is here. Its props travel in a data block right after it
 * (views/components/island-props.ts).
 */
export function Island<Props extends object>({ name, component: Component, props }: IslandProps<Props>) {
  useSite().assets.use(name);
  return (
    <>
      <div className="island" data-island={name}>
        <Component {...props} />
      </div>
      <script type="application/json" data-island-props={name} dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }} />
    </>
  );
}
