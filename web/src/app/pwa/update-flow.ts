import { SKIP_WAITING } from './sw-contract';

/** What the update flow needs of workbox-window's `Workbox` (a port, so a test hands in a fake). */
export interface WorkerPort {
  addEventListener(type: 'waiting' | 'controlling', listener: () => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSW(data: { type: string }): Promise<unknown>;
}

/** Checks for a new build when the tab comes back, at most this often (a tab can stay open for days). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the worker and announces a new version when one waits (issue 44). Nothing swaps or reloads
 * by itself: `announce` gets the function the learner's "Actualizar" calls, which asks the waiting worker
 * to take over and reloads once it has. A worker installed for the first time is not an update.
 */
export function watchForUpdates(wb: WorkerPort, announce: (update: () => void) => void, reload: () => void, now: () => number = Date.now) {
  let asked = false;
  wb.addEventListener('waiting', () =>
    announce(() => {
      if (asked) return;
      asked = true;
      wb.addEventListener('controlling', reload);
      void wb.messageSW({ type: SKIP_WAITING });
    }),
  );
  let checked = now();
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || now() - checked < UPDATE_CHECK_MS) return;
    checked = now();
    wb.update().catch(() => {});
  };
  document.addEventListener('visibilitychange', onVisible);
  return wb.register();
}
