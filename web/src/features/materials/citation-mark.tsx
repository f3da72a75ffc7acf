import { useRef, useState } from 'react';
import type { MaterialSource, NumberedSource } from '../../../../lambdas/contract/sources';
import { SourceDialog } from './source-dialog';

/** A numbered mark after a claim: a button that opens its passage (and gives focus back on closing). */
export function CitationMark({ source }: { source: NumberedSource }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button ref={button} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}
        aria-label={`Fuente ${source.n}: ${source.titulo}, página ${source.pagina}`}
        className="ml-0.5 inline-flex min-w-6 items-center justify-center rounded-md bg-indigo-100 px-1.5 align-super text-xs font-bold leading-5 text-indigo-900 hover:bg-indigo-200 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {source.n}
      </button>
      {open && <SourceDialog source={source} onClose={close} />}
    </>
  );
}

/** The marks' renderer for MarkdownContent: ` [n]` becomes the mark of the source numbered n (unknown numbers stay text). */
export function citationsOf(fuentes: NumberedSource[] | undefined): ((n: number) => React.ReactNode) | undefined {
  if (!fuentes?.length) return undefined;
  const byN = new Map(fuentes.map((f) => [f.n, f]));
  return (n) => {
    const source = byN.get(n);
    return source ? <CitationMark source={source} /> : null;
  };
}

/** An evaluation answer's source (shown after grading): the page it was drawn from, and its passage. */
export function SourceNote({ source, className = '' }: { source: MaterialSource; className?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      Fuente: «{source.titulo}», página {source.pagina}.{' '}
      <button ref={button} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className="font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
        Ver el pasaje<span className="sr-only"> de la página {source.pagina}</span>
      </button>
      {open && <SourceDialog source={source} onClose={() => { setOpen(false); button.current?.focus(); }} />}
    </p>
  );
}
