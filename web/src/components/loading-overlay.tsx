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
  const [mounted, setMounted] = useState(active);
  const [visible, setVisible] = useState(false);

  // Loading turned on or off: adjust during render (React's pattern for state that follows a
  // value), so the overlay mounts in the same render and never flashes a stale opacity.
  const [wasActive, setWasActive] = useState(active);
  if (active !== wasActive) {
    setWasActive(active);
    setVisible(false);
    if (active) setMounted(true);
  }

  // Then the timers: fade in 10 ms after it starts, unmount 300 ms after it ends.
  useEffect(() => {
    const t = active ? setTimeout(() => setVisible(true), OVERLAY_FADE_IN_MS) : setTimeout(() => setMounted(false), OVERLAY_FADE_OUT_MS);
    return () => clearTimeout(t);
  }, [active]);

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
      data-visible={visible}
      role="alert"
      aria-busy="true"
      className={`fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 backdrop-blur-sm transition-opacity duration-300 ${
        visible ? 'opacity-100' : 'opacity-0'
      }`}
    >
      <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-8 py-6 shadow-xl">
        <Spinner size="lg" color="blue" />
        <p className="font-medium text-slate-800">{message}</p>
      </div>
    </div>
  );
}
