import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST } from '../config/constants';
import { toasterRequested } from '../lib/notify';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** SPEC §2/§9 toast area: top-right, 4000 ms, 3 visible, 356 px wide, 14 px apart. */
export function AppToaster() {
  const wanted = useSyncExternalStore(toasterRequested.subscribe, toasterRequested.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visible}
        gap={TOAST.gapPx}
        richColors
        closeButton
        style={{ '--width': `${TOAST.widthPx}px` } as React.CSSProperties}
        toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      />
    </Suspense>
  );
}
