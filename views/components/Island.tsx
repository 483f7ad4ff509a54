import type { ComponentType } from 'react';
import { useSite, type ClientEntry } from '../site-context.tsx';

interface IslandProps<Props extends object> {
  name: ClientEntry;
  component: ComponentType<Props>;
  props: Props;
}

/**
 * A component rendered on the server and hydrated in the browser by its own script, which the
 * page links only because the island is here. Props travel as JSON in the markup.
 */
export function Island<Props extends object>({ name, component: Component, props }: IslandProps<Props>) {
  useSite().assets.use(name);
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
