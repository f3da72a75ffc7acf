import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { MaterialSource } from '../../../../lambdas/contract/sources';
import { useMaterialDocument } from './use-materials';

interface Props {
  source: MaterialSource & { n?: number };
  onClose: () => void;
}

/**
 * A cited passage: the learner's material, its page and the quoted words, and for an uploaded file a
 * link that opens the document at that page (GET /materials/{id}'s presigned address + `#page=N`,
 * which browsers' PDF viewers honour). The address lives 5 minutes, so it is read when the dialog opens.
 */
export function SourceDialog({ source, onClose }: Props) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  // A copied or shared lesson's source has no material id: the document is its author's (docs/sharing.md).
  const own = Boolean(source.materialId);
  const doc = useMaterialDocument(source.materialId, own);
  const gone = (doc.error as { response?: { status?: number } } | null)?.response?.status === 404;
  const url = doc.data?.origen === 'archivo' && doc.data.documentoUrl ? `${doc.data.documentoUrl}#page=${source.pagina}` : undefined;

  // Focus moves into the dialog; Escape closes it wherever focus is (the page may move focus meanwhile,
  // e.g. to the lesson's heading once the course loads).
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    box.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Tab stays within the dialog (aria-modal): from the last control back to the first and the other way.
  const trap = (e: React.KeyboardEvent) => {
    if (e.key !== 'Tab') return;
    const controls = [...(box.current?.querySelectorAll<HTMLElement>('a[href], button') ?? [])];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  // A portal: the mark sits inside a paragraph, where a dialog's block elements may not.
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Tab cycles within the dialog (WAI-ARIA dialog pattern) */}
      <div ref={box} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={trap}
        className="max-h-[85vh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl outline-none">
        <p className="text-sm font-medium text-indigo-700">{source.n ? `Fuente ${source.n}` : 'Fuente'}</p>
        <h2 id={titleId} className="mt-1 break-words text-lg font-bold text-slate-900">{source.titulo}</h2>
        <p className="mt-1 text-sm font-semibold text-slate-700">Página {source.pagina}</p>
        <blockquote className="mt-3 whitespace-pre-line break-words border-l-4 border-indigo-300 bg-indigo-50 px-4 py-3 text-slate-800">«{source.cita}»</blockquote>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
              Abrir el documento en la página {source.pagina}<span className="sr-only"> (se abre en una pestaña nueva)</span>
            </a>
          ) : !own ? (
            <p className="text-sm text-slate-700">El documento original es del autor del curso: aquí tienes la cita y su página.</p>
          ) : gone ? (
            <p className="text-sm text-slate-700">Este material ya no está en «Mis materiales».</p>
          ) : doc.isLoading ? (
            <p className="text-sm text-slate-600">Buscando el documento…</p>
          ) : <span />}
          <button type="button" onClick={onClose} className="rounded-lg px-3 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">Cerrar</button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
