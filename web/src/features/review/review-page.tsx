import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { ReviewCard } from './review-card';
import { useReviewSession } from './use-review-session';

/** /repaso: today's due cards, one at a time (optionally one course's, from the tutor's link). */
export default function ReviewPage() {
  const [params] = useSearchParams();
  const courseId = params.get('curso') ?? undefined;
  const s = useReviewSession(courseId);

  return (
    <section className="mx-auto max-w-3xl">
      <title>Repaso · Mentora</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Repaso de hoy</h1>
          <p className="mt-1 text-slate-600">Las preguntas que fallaste y las de autoevaluación vuelven justo cuando conviene repasarlas.</p>
        </div>
        {s.cards && s.current && (
          <p className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800" aria-live="polite">
            {s.pendientes} {s.pendientes === 1 ? 'pendiente' : 'pendientes'}
          </p>
        )}
      </div>

      <div className="mt-6">
        {s.error ? (
          <div role="alert" className="rounded-2xl bg-red-50 p-5 text-red-900">
            <p>{s.error}</p>
            <Button type="button" variant="secondary" className="mt-3" onClick={() => void s.reload()}>Volver a intentarlo</Button>
          </div>
        ) : !s.cards ? (
          <div role="status" aria-busy="true" aria-label="Cargando tu repaso" className="h-64 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none" />
        ) : s.current ? (
          <ReviewCard key={s.current.cardId} card={s.current} solution={s.solution} chosen={s.chosen} busy={s.busy}
            onReveal={(o) => void s.reveal(o)} onRate={(c) => void s.rate(c)} />
        ) : (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-14 w-14 text-emerald-500">
              <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7z" />
            </svg>
            <p className="mt-4 text-lg font-semibold text-slate-900">{s.done ? `¡Repaso terminado! Repasaste ${s.done} ${s.done === 1 ? 'pregunta' : 'preguntas'}.` : 'No tienes preguntas pendientes de repaso'}</p>
            <p className="mt-1 max-w-md text-slate-600">Cuando falles una pregunta de una evaluación o completes una lección, sus preguntas volverán aquí en el momento justo.</p>
            <Link to="/dashboard" className="mt-6 rounded-xl bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">Volver a mis cursos</Link>
          </div>
        )}
      </div>
    </section>
  );
}
