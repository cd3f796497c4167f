import { type ComponentType, lazy, Suspense } from 'react';
import { PageLoader } from '../components/page-loader.tsx';

/** A route module: its screen is the `Component` export. */
interface ScreenModule {
  readonly Component: ComponentType;
}

/**
 * A route's screen whose code is fetched when it is first shown (so sign-in does not carry the rest),
 * with the loading indicator in its place meanwhile: never a blank area.
 */
export function lazyScreen(load: () => Promise<ScreenModule>) {
  const Screen = lazy(() => load().then((module) => ({ default: module.Component })));
  return {
    element: (
      <Suspense fallback={<PageLoader />}>
        <Screen />
      </Suspense>
    ),
  };
}
