import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import { I18nProvider } from '../i18n/I18nProvider';
import { PortalProvider } from './PortalContext';
import type { Portal } from './portal';
import type { createPortalRouter } from './router';

export function App({
  portal,
  router,
  devPanel: DevPanel,
}: {
  portal: Portal;
  router: ReturnType<typeof createPortalRouter>;
  devPanel?: ComponentType;
}) {
  // every text follows the session language at once (spec 1 §1; issue 2: the switch changes every text)
  const language = useSelector(portal.session, (s) => s.context.language);
  return (
    <PortalProvider value={portal}>
      <QueryClientProvider client={portal.queryClient}>
        <I18nProvider language={language}>
          <RouterProvider router={router} />
          {/* the customer-add modal: its flow runs in the customerAddModal machine from the modal's first opening */}
          <CustomerAdd portal={portal} />
          {DevPanel && <DevPanel />}
        </I18nProvider>
      </QueryClientProvider>
    </PortalProvider>
  );
}

// the customer-add view is a chunk of its own, like its flow (both load on the modal's first opening)
const CustomerAddModal = lazy(() => import('../features/customer-add').then((m) => ({ default: m.CustomerAddModal })));

function CustomerAdd({ portal }: { portal: Portal }) {
  const part = portal.parts.customerAdd;
  const loaded = useSyncExternalStore(part.subscribe, () => part.loaded);
  return loaded ? (
    <Suspense fallback={null}>
      <CustomerAddModal />
    </Suspense>
  ) : null;
}
