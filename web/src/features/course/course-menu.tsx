import { useEffect, useId, useRef, useState } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { ShareControl } from '../sharing';
import { ScormExport } from './scorm-export';

/**
 * "Opciones del curso" (issue 34): sharing and the export for schools live here, one button beside
 * the title, so the first thing on the page is the lesson and not cards about the course.
 */
export function CourseMenu({ course, onShareChange }: { course: CourseDetail; onShareChange: (share: CourseDetail['compartido']) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    // A press outside closes it, as menus do; what is inside (a confirmation, a copy) keeps it open.
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- Escape closes the open panel from anywhere inside it
    <div ref={root} className="relative" onKeyDown={(e) => {
      if (e.key !== 'Escape' || !open) return;
      setOpen(false);
      toggle.current?.focus();
    }}>
      <button ref={toggle} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
        {/* On a phone the words are for screen readers only: beside them the course's title was squeezed into seven lines. */}
        <span aria-hidden="true" className="text-base leading-none">⋯</span> <span className="max-sm:sr-only">Opciones del curso</span>
      </button>
      {open && (
        <div id={panelId} className="absolute right-0 z-30 mt-2 max-h-[70vh] w-[min(36rem,calc(100vw-2rem))] space-y-3 overflow-y-auto rounded-2xl bg-slate-50 p-3 shadow-xl ring-1 ring-slate-200">
          <ShareControl course={course} onChange={onShareChange} />
          <ScormExport courseId={course.courseId} />
        </div>
      )}
    </div>
  );
}
