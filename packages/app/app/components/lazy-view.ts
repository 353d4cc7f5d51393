import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A view whose code loads apart from its page (ADRs 402, 426): `load` fetches it, and `View` renders it inside a
 * Suspense. Once the code is here, React.lazy is handed a thenable that answers at once, so a view the caller loaded
 * first (a clientLoader, a stepper) renders in the same pass: a native promise answers a microtask later, and a
 * boundary that mounts during a navigation or a step shows its fallback meanwhile.
 */
export function lazyView<M, P extends object>(
  importer: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { load: () => Promise<M>; View: LazyExoticComponent<ComponentType<P>> } {
  let loaded: M | null = null;
  const load = () =>
    importer().then((module) => {
      loaded = module;
      return module;
    });
  const View = lazy(() => {
    const module = loaded;
    if (module) {
      const now = {
        // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one must call back at once.
        then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: pick(module) }),
      };
      return now as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return load().then((loadedModule) => ({ default: pick(loadedModule) }));
  });
  return { load, View };
}
