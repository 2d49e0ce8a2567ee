import { lazy, type ComponentType } from 'react';

/**
 * A component whose module loads on demand, like React.lazy, but which can be fetched ahead
 * (`preload()`, once the page is live): then it renders at once when it shows, instead of suspending
 * for a moment first, so that an effect that runs as it appears (focus on its heading) finds it there.
 * Render it inside a Suspense boundary, for when it shows before its module has come.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (a dropped connection) is tried again the next time.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
