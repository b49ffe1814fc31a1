// A route screen loaded on demand without a Suspense boundary. React holds back the reveal of a boundary that
// showed its fallback until ~300 ms after the fallback appeared, even when the code arrives in 20 ms: every first
// visit of a module paid for it. This shows the page loader through state instead and renders the screen the
// moment its code is there (at once when it was preloaded).
import { useEffect, useState, type ComponentType } from 'react';
import { PageLoader } from './page-loader';

/** How long a screen's code may take before the route shows the reload message (docs/decisions.md, "Installable and offline"). */
export const CHUNK_TIMEOUT = 120_000;

/** `load()`, or a `ChunkTimeout` error when it has not arrived within CHUNK_TIMEOUT. */
export function withChunkTimeout<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error('chunk load timed out');
      error.name = 'ChunkTimeout';
      reject(error);
    }, CHUNK_TIMEOUT);
    load()
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

export interface LazyScreen {
  (): React.JSX.Element;
  /** Starts loading the screen's code (once). */
  preload: () => Promise<ComponentType>;
}

/** `peek`: the screen when its code was loaded elsewhere already (e.g. by the idle shell), so it renders at once. */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  peek: () => ComponentType | null = () => null,
): LazyScreen {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= withChunkTimeout(load).then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        loading = null; // tried again on the next visit (a chunk gone after a deploy, a network blip)
        throw error;
      },
    ));
  function Screen() {
    const [Loaded, setLoaded] = useState<ComponentType | null>(() => (loaded ??= peek()));
    const [error, setError] = useState<unknown>(null);
    if (error) throw error; // to the route's error boundary
    if (!Loaded) void preload().catch(() => undefined); // in render, not after the commit: the fetch starts sooner
    useEffect(() => {
      if (!Loaded) preload().then((component) => setLoaded(() => component), setError);
    }, [Loaded]);
    return Loaded ? <Loaded /> : <PageLoader />;
  }
  return Object.assign(Screen, { preload });
}
