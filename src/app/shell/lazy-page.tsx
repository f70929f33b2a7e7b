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

/** Wraps a route's page so it loads on demand as its own chunk (spec 2: all routes load lazily). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  return function LazyRoute() {
    return (
      <Suspense fallback={<LoadingPage />}>
        <Page />
      </Suspense>
    );
  };
}
