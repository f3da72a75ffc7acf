import { useEffect, useState } from 'react';
import { OVERLAY_FADE_IN_MS, OVERLAY_FADE_OUT_MS } from '../config/constants';
import { isBlocking, useLoadingStore } from '../lib/loading-store';
import { Spinner } from './spinner';

// SPEC §4: only blocking types (auth, course, progress, evaluacion) show this overlay. It fades in
// 10 ms after loading starts and is removed 300 ms after loading ends; while it is shown the page
// cannot scroll and Tab and Escape do nothing.

export function LoadingOverlay() {
  const active = useLoadingStore((s) => s.isLoading && isBlocking(s.type));
  const message = useLoadingStore((s) => s.message);
  // Mounted while loading is on, and for the 300 ms fade-out after it ends. Mounting follows the
  // store directly (no state to catch up): an earlier version kept `mounted` in state adjusted during
  // render, and in Chromium the login's overlay never mounted although the store was on (issue 34;
  // test/e2e/loading-overlay.e2e.test.ts). State changes only in timers, as SPEC §4 times them.
  const [lingering, setLingering] = useState(false);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (active) {
      const keep = setTimeout(() => setLingering(true), 0);
      const fadeIn = setTimeout(() => setVisible(true), OVERLAY_FADE_IN_MS);
      return () => {
        clearTimeout(keep);
        clearTimeout(fadeIn);
      };
    }
    const fadeOut = setTimeout(() => setVisible(false), 0);
    const remove = setTimeout(() => setLingering(false), OVERLAY_FADE_OUT_MS);
    return () => {
      clearTimeout(fadeOut);
      clearTimeout(remove);
    };
  }, [active]);
  const mounted = active || lingering;
  const shown = active && visible;

  useEffect(() => {
    if (!mounted) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const block = (e: KeyboardEvent) => {
      if (e.key === 'Tab' || e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener('keydown', block, true);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener('keydown', block, true);
    };
  }, [mounted]);

  if (!mounted) return null;
  return (
    <div
      data-testid="loading-overlay"
      data-visible={shown}
      role="alert"
      aria-busy="true"
      className={`fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 backdrop-blur-sm transition-opacity duration-300 ${
        shown ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-8 py-6 shadow-xl">
        <Spinner size="lg" color="blue" />
        <p className="font-medium text-slate-800">{message}</p>
      </div>
    </div>
  );
}
