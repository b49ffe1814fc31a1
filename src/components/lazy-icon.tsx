// A module icon whose SVG loads after the first paint: the modules added after the first screen's bundle budget
// was set (orders, calendar) keep their icons without growing it. A blank square of the same size holds the place.
import { lazy, Suspense, type ComponentType } from 'react';

export function lazyIcon(load: () => Promise<{ default: ComponentType }>) {
  const Icon = lazy(load);
  return (
    <Suspense fallback={<span className="bp6-icon" style={{ width: 16, height: 16 }} aria-hidden />}>
      <Icon />
    </Suspense>
  );
}
