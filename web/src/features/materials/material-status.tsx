import type { MaterialView } from '../../../../lambdas/contract/materials';
import { ProgressBar } from '../../components/progress-bar';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('es-ES')} ${n === 1 ? one : many}`;

/** "Página 12 de 40" while the pages are read; before the first page is known, that it has started. */
export function progressText(m: MaterialView): string {
  const p = m.progreso;
  return p && p.total > 0 ? `Página ${Math.min(p.hechas, p.total)} de ${p.total}` : 'Preparando el documento…';
}

/** A material's state in words: the pages being read, what it holds, or why it failed. */
export function MaterialStatus({ material: m }: { material: MaterialView }) {
  if (m.estado === 'procesando') {
    const p = m.progreso;
    return (
      <div className="mt-2">
        <p className="text-sm text-slate-700">Procesando · {progressText(m)}</p>
        <ProgressBar className="mt-1 max-w-sm" size="sm" label={`Progreso de «${m.titulo}»`} value={p && p.total ? (100 * p.hechas) / p.total : 0} valueText={progressText(m)} />
      </div>
    );
  }
  if (m.estado === 'error') return <p className="mt-2 text-sm text-red-800">{m.motivo ?? 'No pudimos procesar este material. Bórralo y vuelve a intentarlo.'}</p>;
  return <p className="mt-2 text-sm text-slate-700">{plural(m.paginas, 'página', 'páginas')} · {plural(m.pasajes, 'pasaje', 'pasajes')}</p>;
}

const BADGES = {
  procesando: ['Procesando', 'bg-amber-100 text-amber-900'],
  listo: ['Listo', 'bg-emerald-100 text-emerald-900'],
  error: ['Error', 'bg-red-100 text-red-900'],
} as const;

export function StateBadge({ estado }: { estado: MaterialView['estado'] }) {
  const [label, cls] = BADGES[estado];
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>{label}</span>;
}

const KINDS: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/plain': 'Texto',
  'text/markdown': 'Markdown',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
};

/** "PDF", "Word", "Texto pegado"... */
export const kindOf = (m: MaterialView) => (m.origen === 'texto' ? 'Texto pegado' : (KINDS[m.tipo ?? ''] ?? 'Archivo'));
