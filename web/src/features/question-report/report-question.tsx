import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { QuestionReport } from '../../../../lambdas/contract/question-reports';
import { REPORT_DETAIL_MAX, REPORT_REASONS, type ReportReason } from '../../../../lambdas/contract/report-reasons';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';

// "Reportar pregunta" (issue 20, docs/evaluations.md): a small dialog with the reasons and an
// optional comment, on the evaluation result screen and on a review card. Quiet request (no overlay).

type Target = Pick<QuestionReport, 'courseId' | 'moduleId'> & ({ preguntaId: string } | { cardId: string });

const send = (body: QuestionReport) => call('POST /evaluacion/reportar', { body }, { silent: true });
const ALREADY = 409;

export function ReportQuestion({ target, className = '' }: { target: Target; className?: string }) {
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState<ReportReason>();
  const [detalle, setDetalle] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const detailId = useId();

  const close = () => {
    setOpen(false);
    setError(undefined);
    trigger.current?.focus();
  };

  // Focus moves into the dialog when it opens (Escape, handled on the dialog, closes it).
  useEffect(() => {
    if (open) dialog.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!motivo) {
      setError('Elige un motivo.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await send({ ...target, motivo, ...(detalle.trim() && { detalle: detalle.trim() }) });
      setDone(answer.message ?? 'Gracias. Revisaremos la pregunta.');
      close();
    } catch (err) {
      if ((err as { response?: { status?: number } }).response?.status === ALREADY) {
        setDone('Ya reportaste esta pregunta. Gracias: la estamos revisando.');
        close();
      } else {
        setError(errorMessage(err, 'No pudimos enviar el reporte. Inténtalo de nuevo.'));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`text-sm ${className}`}>
      <button ref={trigger} type="button" disabled={Boolean(done)} onClick={() => setOpen(true)} aria-haspopup="dialog"
        className="-ml-2 rounded-lg px-2 py-1 font-medium text-slate-600 underline decoration-slate-300 underline-offset-2 hover:text-slate-900 disabled:no-underline disabled:opacity-80">
        {done ? 'Pregunta reportada' : 'Reportar pregunta'}
      </button>
      <p role="status" className="min-h-5 text-emerald-800">{done}</p>
      {open && (
        <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-4 sm:items-center">
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog from anywhere in it (WAI-ARIA dialog pattern) */}
          <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl"
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                close();
              }
            }}>
            <h2 id={titleId} className="text-lg font-bold text-slate-900">Reportar pregunta</h2>
            <p className="mt-1 text-slate-600">¿Qué le pasa a esta pregunta? Dejará de aparecer en tus evaluaciones y la revisaremos.</p>
            <form onSubmit={(e) => void submit(e)} className="mt-4">
              <fieldset>
                <legend className="font-medium text-slate-900">Motivo</legend>
                <div className="mt-2 grid gap-2">
                  {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([key, label]) => (
                    <label key={key} className="flex items-start gap-2 rounded-lg p-2 ring-1 ring-slate-200 has-[:checked]:bg-indigo-50 has-[:checked]:ring-indigo-500">
                      <input type="radio" name="motivo" value={key} checked={motivo === key} onChange={() => setMotivo(key)} className="mt-0.5" />
                      <span>{label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <label htmlFor={detailId} className="mt-4 block font-medium text-slate-900">Comentario (opcional)</label>
              <textarea id={detailId} value={detalle} maxLength={REPORT_DETAIL_MAX} rows={3} onChange={(e) => setDetalle(e.target.value)}
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" aria-describedby={`${detailId}-cuenta`} />
              <p id={`${detailId}-cuenta`} className="text-xs text-slate-500">{detalle.length}/{REPORT_DETAIL_MAX} caracteres</p>
              {error && <p role="alert" className="mt-2 text-red-800">{error}</p>}
              <div className="mt-4 flex justify-end gap-2">
                <button type="button" onClick={close} className="rounded-lg px-3 py-2 font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">Cancelar</button>
                <button type="submit" disabled={busy} className="rounded-lg bg-indigo-600 px-3 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
                  {busy ? 'Enviando...' : 'Enviar reporte'}
                </button>
              </div>
            </form>
          </div>
        </div>
      )}
    </div>
  );
}
