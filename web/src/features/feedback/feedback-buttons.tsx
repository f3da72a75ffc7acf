import { useId, useState, type FormEvent } from 'react';
import type { FeedbackRequest } from '../../../../lambdas/contract/feedback';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/error-message';

// 👍/👎 on a lesson or a tutor answer (POST /feedback), with an optional reason after a 👎.
// Quiet on purpose: no loading overlay, a short status line read by screen readers.

type Target = Omit<FeedbackRequest, 'valoracion' | 'motivo'>;
type Rating = FeedbackRequest['valoracion'];

const send = (body: FeedbackRequest) => call('POST /feedback', { body }, { silent: true });

/** A thumb drawn in SVG: emoji glyphs are missing on machines without an emoji font. */
function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-5 w-5 ${down ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3Zm0 0 4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 21H7" />
    </svg>
  );
}

export function FeedbackButtons({ target, question, className = '' }: { target: Target; question: string; className?: string }) {
  const [rating, setRating] = useState<Rating>();
  const [reason, setReason] = useState('');
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();

  async function rate(valoracion: Rating, motivo?: string) {
    setBusy(true);
    setError(undefined);
    try {
      await send({ ...target, valoracion, ...(motivo && { motivo }) });
      setRating(valoracion);
      setStatus(motivo ? 'Gracias: tu comentario nos ayuda a mejorar.' : 'Gracias por tu valoración.');
    } catch (err) {
      setError(errorMessage(err, 'No pudimos guardar tu valoración. Inténtalo de nuevo.'));
    } finally {
      setBusy(false);
    }
  }
  const submitReason = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim()) void rate('negativa', reason.trim());
  };

  const button = (value: Rating, label: string) => (
    <button type="button" aria-label={label} aria-pressed={rating === value} disabled={busy} onClick={() => void rate(value)}
      className="rounded-lg p-2 text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-60 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 aria-pressed:ring-indigo-500">
      <Thumb down={value === 'negativa'} />
    </button>
  );

  return (
    <div className={`text-sm text-slate-700 ${className}`}>
      <div role="group" aria-label={question} className="flex flex-wrap items-center gap-2">
        <span aria-hidden="true">{question}</span>
        {button('positiva', 'Sí, me ha sido útil')}
        {button('negativa', 'No me ha sido útil')}
      </div>
      {rating === 'negativa' && !status?.startsWith('Gracias:') && (
        <form onSubmit={submitReason} className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={reasonId} className="block font-medium">¿Qué podríamos mejorar? (opcional)</label>
            <textarea id={reasonId} value={reason} maxLength={500} rows={2} onChange={(e) => setReason(e.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2" />
          </div>
          <button type="submit" disabled={busy || !reason.trim()} className="rounded-lg bg-indigo-600 px-3 py-2 font-semibold text-white disabled:opacity-60">Enviar comentario</button>
        </form>
      )}
      <p role="status" className="mt-1 min-h-5 text-emerald-800">{status}</p>
      {error && <p role="alert" className="text-red-800">{error}</p>}
    </div>
  );
}
