import { useEffect } from 'react';
import type { Calificacion, PublicReviewCard, ReviewSolution } from '../../../../lambdas/contract/review';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { lessonHref } from '../../lib/course-links';
import { ReportQuestion } from '../question-report';

export const RATINGS: { calificacion: Calificacion; label: string; hint: string; className: string }[] = [
  { calificacion: 'otra_vez', label: 'Otra vez', hint: 'No la recordaba', className: 'bg-red-700 hover:bg-red-800 text-white' },
  { calificacion: 'dificil', label: 'Difícil', hint: 'Me costó', className: 'bg-amber-400 hover:bg-amber-500 text-slate-950' },
  { calificacion: 'bien', label: 'Bien', hint: 'La recordaba', className: 'bg-emerald-700 hover:bg-emerald-800 text-white' },
  { calificacion: 'facil', label: 'Fácil', hint: 'Sin esfuerzo', className: 'bg-indigo-700 hover:bg-indigo-800 text-white' },
];

interface Props {
  card: PublicReviewCard;
  solution?: ReviewSolution;
  chosen?: string;
  busy: boolean;
  onReveal: (opcion?: string) => void;
  onRate: (c: Calificacion) => void;
}

/** One card: the question (and options), then the answer with why, then how well it was remembered (keys 1–4). */
export function ReviewCard({ card, solution, chosen, busy, onReveal, onRate }: Props) {
  useEffect(() => {
    if (!solution) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || (e.target as HTMLElement | null)?.tagName === 'TEXTAREA') return;
      const rating = RATINGS[Number(e.key) - 1];
      if (rating && !busy) onRate(rating.calificacion);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [solution, busy, onRate]);

  const optionClass = (opcion: string) => {
    const state = solution?.opciones?.find((o) => o.opcion === opcion);
    if (state?.correcta) return 'border-emerald-500 bg-emerald-50 text-emerald-950';
    if (solution && opcion === chosen) return 'border-red-400 bg-red-50 text-red-950';
    return 'border-slate-200 bg-white text-slate-800 hover:border-indigo-400 hover:bg-indigo-50';
  };

  return (
    <article aria-labelledby="pregunta-repaso" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <p className="text-sm font-medium text-indigo-700">{card.origen}</p>
      <h2 id="pregunta-repaso" className="mt-2 whitespace-pre-line text-lg font-semibold text-slate-900 sm:text-xl">{card.enunciado}</h2>

      {card.opciones ? (
        <ul className="mt-5 grid gap-3" aria-label="Opciones">
          {card.opciones.map((o) => (
            <li key={o.opcion}>
              <button type="button" disabled={!!solution || busy} onClick={() => onReveal(o.opcion)} aria-pressed={chosen === o.opcion}
                className={`flex w-full items-start gap-3 rounded-xl border-2 px-4 py-3 text-left transition-colors disabled:cursor-default ${optionClass(o.opcion)}`}>
                <span className="font-bold">{o.opcion}.</span>
                <span>{o.texto}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        !solution && <Button type="button" className="mt-5" busy={busy} onClick={() => onReveal()}>Mostrar respuesta</Button>
      )}

      {solution && (
        <div className="mt-6 border-t border-slate-200 pt-5">
          <div role="status">
            {solution.acierto !== undefined && (
              <p className={`font-semibold ${solution.acierto ? 'text-emerald-700' : 'text-red-700'}`}>{solution.acierto ? '¡Correcto!' : 'No es correcta.'}</p>
            )}
            {solution.bloqueada ? (
              // Issue 20: an evaluation's key stays secret until its module is passed; the card says where to study.
              <p className="mt-1 font-semibold text-slate-900">La respuesta se desbloquea al aprobar la evaluación.</p>
            ) : (
              <p className="mt-1 text-slate-900"><span className="font-semibold">Respuesta:</span> {solution.respuesta}</p>
            )}
            <p className="mt-2 whitespace-pre-line text-slate-700">{solution.explicacion}</p>
            {solution.repasar && (
              <Link className="mt-2 inline-block font-semibold text-indigo-700 underline" to={lessonHref(card.courseId, { moduleId: card.moduleId, lessonId: solution.repasar.lessonId, seccion: solution.repasar.seccion })}>
                Ir a la lección
              </Link>
            )}
          </div>
          <p id="calificar" className="mt-6 font-semibold text-slate-900">¿Qué tal la recordabas?</p>
          <div role="group" aria-labelledby="calificar" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {RATINGS.map((r, i) => (
              <button key={r.calificacion} type="button" disabled={busy} onClick={() => onRate(r.calificacion)} aria-keyshortcuts={String(i + 1)}
                className={`flex flex-col items-center rounded-xl px-3 py-3 font-semibold transition-colors disabled:opacity-60 ${r.className}`}>
                <span>{r.label}</span>
                <span className="text-xs font-normal">{r.hint} · {i + 1}</span>
              </button>
            ))}
          </div>
        </div>
      )}
      {card.tipo === 'opcion_multiple' && (
        <ReportQuestion key={card.cardId} target={{ courseId: card.courseId, moduleId: card.moduleId, cardId: card.cardId }} className="mt-6 border-t border-slate-100 pt-3" />
      )}
    </article>
  );
}
