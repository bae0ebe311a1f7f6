import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A page or staff screen in its own chunk, fetched the first time it is shown
 * (DESIGN section 9: the home page's budget keeps everything else out of it).
 * `pick` names the module's export, so pages need no default export.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}
