import { create } from 'zustand';
import { loadingMessages, type LoadingType } from '../../../lambdas/contract/routes';
import { LOADING_HIDE_DELAY_MS } from '../config/constants';

// SPEC §4 "Global loading overlay": on or off, with a type and a message. Setting the message or
// the type has an effect only while loading is on. Requests drive it through begin/end so that
// several concurrent requests keep it on until the last one finishes, plus 300 ms.

/** Only these types block the page with the overlay; the others show the small indicator. */
export const BLOCKING_TYPES: ReadonlySet<LoadingType> = new Set<LoadingType>(['auth', 'course', 'progress', 'evaluacion']);

interface LoadingState {
  isLoading: boolean;
  type: LoadingType;
  message: string;
  /** Requests in flight. */
  pending: number;
  setLoading: (on: boolean, type?: LoadingType, message?: string) => void;
  setMessage: (message: string) => void;
  setType: (type: LoadingType) => void;
  begin: (type: LoadingType, message?: string) => void;
  end: () => void;
}

let hideTimer: ReturnType<typeof setTimeout> | undefined;

function cancelHide() {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
}

export const useLoadingStore = create<LoadingState>()((set, get) => ({
  isLoading: false,
  type: 'general',
  message: loadingMessages.general,
  pending: 0,
  setLoading: (on, type = 'general', message) => {
    cancelHide();
    set(on ? { isLoading: true, type, message: message ?? loadingMessages[type] } : { isLoading: false, pending: 0 });
  },
  setMessage: (message) => {
    if (get().isLoading) set({ message });
  },
  setType: (type) => {
    if (get().isLoading) set({ type });
  },
  begin: (type, message) => {
    cancelHide();
    set((s) => ({ isLoading: true, type, message: message ?? loadingMessages[type], pending: s.pending + 1 }));
  },
  end: () => {
    const pending = Math.max(0, get().pending - 1);
    set({ pending });
    if (pending > 0) return;
    cancelHide();
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      if (get().pending === 0) set({ isLoading: false });
    }, LOADING_HIDE_DELAY_MS);
  },
}));

export const isBlocking = (type: LoadingType) => BLOCKING_TYPES.has(type);
