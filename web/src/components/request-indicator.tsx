import { isBlocking, useLoadingStore } from '../lib/loading-store';
import { Spinner } from './spinner';

/** The small, non-blocking indicator of a request of a non-blocking type (SPEC §4, §9). */
export function RequestIndicator() {
  const show = useLoadingStore((s) => s.isLoading && !isBlocking(s.type));
  const message = useLoadingStore((s) => s.message);
  if (!show) return null;
  return (
    <div
      data-testid="request-indicator"
      role="status"
      className="fixed bottom-4 left-1/2 z-40 flex -translate-x-1/2 items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
    >
      <Spinner size="sm" color="white" />
      <span>{message}</span>
    </div>
  );
}
