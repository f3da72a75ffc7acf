import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { formatDate } from '../../lib/locale';
import { kindOf, MaterialStatus, StateBadge } from './material-status';
import { useMaterialProgress } from './use-materials';

interface Props {
  material: MaterialView;
  onDelete: (m: MaterialView) => Promise<void>;
}

/** One material: title, kind, state (polled while processing), a course from it, delete with confirmation. */
export function MaterialCard({ material, onDelete }: Props) {
  const m = useMaterialProgress(material);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await onDelete(m);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-busy={m.estado === 'procesando' || undefined}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{m.titulo}</h3>
          <p className="text-xs text-slate-600">{kindOf(m)} · {formatDate(m.creadoEn)}</p>
        </div>
        <StateBadge estado={m.estado} />
      </div>
      <div aria-live="polite"><MaterialStatus material={m} /></div>
      {confirming ? (
        <div role="group" aria-label={`Confirmar el borrado de «${m.titulo}»`} className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <p>¿Borrar «{m.titulo}»? Se borran el material y sus pasajes; no se puede deshacer.</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" disabled={busy} onClick={() => void remove()} className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60">
              {busy ? 'Borrando…' : 'Sí, borrar'}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)} className="rounded-lg px-3 py-1.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white">Cancelar</button>
          </div>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          {m.estado === 'listo' && (
            <Link to={`/generar?material=${encodeURIComponent(m.materialId)}`} className="rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-700">
              Crear un curso con este material
            </Link>
          )}
          <button type="button" onClick={() => setConfirming(true)} className="rounded-lg px-3 py-1.5 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50">
            Borrar<span className="sr-only"> «{m.titulo}»</span>
          </button>
        </div>
      )}
    </li>
  );
}
