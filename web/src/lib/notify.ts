// Toasts through sonner, loaded on the first toast so it stays out of the first bundle.
// Sonner replays toasts created before its <Toaster> subscribes, so nothing is lost meanwhile.

type Listener = () => void;
const listeners = new Set<Listener>();
let requested = false;

function sonner() {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  return import('sonner');
}

export const notify = {
  error: (message: string) => void sonner().then(({ toast }) => toast.error(message)),
  success: (message: string) => void sonner().then(({ toast }) => toast.success(message)),
  info: (message: string) => void sonner().then(({ toast }) => toast.info(message)),
};

/** For <AppToaster>: whether a toast was ever asked for, and a way to hear when it is. */
export const toasterRequested = {
  get: () => requested,
  subscribe: (l: Listener) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  },
};
