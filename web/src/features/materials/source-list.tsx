import type { NumberedSource } from '../../../../lambdas/contract/sources';
import { CitationMark } from './citation-mark';

/** Under a grounded lesson: every source it cites, by number, each opening its passage. */
export function SourceList({ fuentes }: { fuentes: NumberedSource[] | undefined }) {
  if (!fuentes?.length) return null;
  return (
    <section aria-labelledby="fuentes-titulo" className="mt-6 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h3 id="fuentes-titulo" className="font-semibold text-slate-900">Fuentes de esta lección</h3>
      <ol className="mt-2 space-y-1 text-sm text-slate-800">
        {[...fuentes].sort((a, b) => a.n - b.n).map((f) => (
          <li key={f.n} className="flex items-baseline gap-2">
            <CitationMark source={f} />
            <span className="break-words">«{f.titulo}», página {f.pagina}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
