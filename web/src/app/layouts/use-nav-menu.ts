import { type RefObject, useEffect, useId, useRef, useState } from 'react';

/**
 * The phone's navigation menu (issue 44): a disclosure button that shows the "Principal" links as a panel
 * under the one-row header. Escape closes it and gives focus back to the button; a press outside the
 * header (`areaRef`) or a followed link closes it too. Above `sm` the links are inline and the button is hidden (CSS only,
 * so the links stay in the DOM at every width).
 */
export function useNavMenu(areaRef: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: PointerEvent) => {
      if (areaRef.current && !areaRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, areaRef]);

  return {
    open,
    id,
    buttonRef,
    toggle: () => setOpen((o) => !o),
    /** A followed link closes the menu (the page changes under it). */
    close: () => setOpen(false),
  };
}
