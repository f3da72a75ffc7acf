import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NEW_CARDS_PER_DAY, REVIEW_SESSION_LENGTHS } from '../../../../lambdas/contract/review';
import { Button } from '../../components/button';
import { OutboxNotice } from '../offline';
import { ReviewCard } from './review-card';
import { storedLength, storeLength, whenDue, type SessionLength } from './session-length';
import { useReviewSession } from './use-review-session';

/** /repaso: a short session of today's cards (optionally one course's, or one module's with earlier ones). */
export default function ReviewPage() {
  const [params] = useSearchParams();
  const courseId = params.get('curso') ?? undefined;
  const moduleId = (courseId && params.get('modulo')) || undefined;
  const [limite, setLimite] = useState<SessionLength>(storedLength);
  const s = useReviewSession({ courseId, moduleId, limite });
  const choose = (n: SessionLength) => {
    storeLength(n);
    setLimite(n);
  };
  const left = s.pendientes;

  return (
    <section className="mx-auto max-w-3xl">
      <title>Repaso · Mentora</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{moduleId ? 'Repaso del módulo' : 'Repaso de hoy'}</h1>
          <p className="mt-1 text-slate-600">
            {moduleId
              ? 'Las preguntas de este módulo, mezcladas con algunas de los módulos anteriores.'
              : 'Lo que respondiste y lo que fallaste vuelve justo cuando conviene repasarlo, mezclado entre temas.'}
          </p>
        </div>
        {s.cards && s.current && (
          <p className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800" aria-live="polite">
            {left} {left === 1 ? 'pendiente' : 'pendientes'}
          </p>
        )}
      </div>

      <fieldset className="mt-4 flex flex-wrap items-center gap-2 text-sm" disabled={s.done > 0 && !!s.current}>
        <legend className="mr-2 inline font-medium text-slate-700">Duración de la sesión:</legend>
        {REVIEW_SESSION_LENGTHS.map((n) => (
          <label key={n} className={`cursor-pointer rounded-full px-3 py-1 ring-1 ${limite === n ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`}>
            <input type="radio" name="duracion" value={n} checked={limite === n} onChange={() => choose(n)} className="sr-only" />
            {n} preguntas
          </label>
        ))}
      </fieldset>

      <OutboxNotice {...s.outbox} />

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
            <p className="mt-4 text-lg font-semibold text-slate-900">{s.done ? `¡Sesión terminada! Repasaste ${s.done} ${s.done === 1 ? 'pregunta' : 'preguntas'}.` : 'No tienes preguntas pendientes de repaso'}</p>
            <div aria-live="polite" className="mt-2 max-w-md space-y-1 text-slate-700">
              {left > 0 ? (
                <p>Te {left === 1 ? 'queda 1 pregunta' : `quedan ${left} preguntas`} para hoy.</p>
              ) : s.proximoRepaso ? (
                <p>Tus próximas preguntas llegan <strong>{whenDue(s.proximoRepaso)}</strong>.</p>
              ) : (
                <p>Cuando respondas la autoevaluación de una lección o falles una pregunta de una evaluación, volverá aquí en el momento justo.</p>
              )}
              {s.nuevasEnCola > 0 && (
                <p>{s.nuevasEnCola === 1 ? 'Una pregunta nueva espera' : `${s.nuevasEnCola} preguntas nuevas esperan`} su turno: entran hasta {NEW_CARDS_PER_DAY} nuevas al día, para que el repaso no se amontone.</p>
              )}
            </div>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {left > 0 && <Button type="button" onClick={() => void s.more()}>Seguir repasando</Button>}
              <Link to="/dashboard" className="rounded-xl bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">Volver a mis cursos</Link>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
