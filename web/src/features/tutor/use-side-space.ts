import { useEffect } from 'react';

/** Tailwind's `lg` breakpoint and the panel's width (`lg:w-[28rem]`). */
const WIDE = '(min-width: 1024px)';
const PANEL = '28rem';

/**
 * While the panel is open on a wide screen, the page makes room for it on the right, so the lesson
 * stays readable beside the tutor instead of under it. Phones get the panel full screen instead.
 */
export function useSideSpace(open: boolean) {
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(WIDE);
    const apply = () => (document.body.style.paddingRight = media.matches ? PANEL : '');
    apply();
    media.addEventListener?.('change', apply);
    return () => {
      media.removeEventListener?.('change', apply);
      document.body.style.paddingRight = '';
    };
  }, [open]);
}
