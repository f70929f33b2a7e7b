import { IonContent, IonPage, IonSpinner } from '@ionic/react';
import { type ComponentType, lazy, type LazyExoticComponent, Suspense } from 'react';

/** While a route's chunk loads, an empty page with a spinner keeps the outlet's stack intact. */
function LoadingPage() {
  return (
    <IonPage>
      <IonContent className="ion-padding ion-text-center">
        <IonSpinner aria-label="Loading" />
      </IonContent>
    </IonPage>
  );
}

/**
 * Wraps a route's page so it loads on demand as its own chunk (spec 2: all routes load lazily).
 * `placeholder: false` for a nested outlet (the console's): there the placeholder page takes the
 * outlet's transition and the real page, mounted after it, stays invisible; with no placeholder
 * the outlet waits for the real page and shows it.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, { placeholder = true } = {}) {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  return function LazyRoute() {
    return (
      <Suspense fallback={placeholder ? <LoadingPage /> : null}>
        <Page />
      </Suspense>
    );
  };
}

/** lazyPage for a nested outlet (the console's): no placeholder page, see lazyPage. */
export const lazyNestedPage = (load: () => Promise<{ default: ComponentType }>) => lazyPage(load, { placeholder: false });
