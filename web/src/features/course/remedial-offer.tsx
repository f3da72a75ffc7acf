import { useMutation } from '@tanstack/react-query';
import { feedbackState, type EvaluationResult } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { AllowanceNote } from '../plans';
import { remedialApi } from './remedial-api';
import { RemedialPieceView } from './remedial-piece';

// The corrective loop on the result (issue 32 item 4, docs/learning.md). Named "Refuerzo guiado":
// "actividades de refuerzo" is what Spanish-speaking schools call remedial work, and "Repaso" already
// names spaced review in Mentora. Offered when the attempt left an objective short ("Te falta") or
// unclear ("Aún no está claro", issue 41: practised, never counted as mastered),
// before the retry, never instead of it: the retry button below stays as it was. One line says
// whether to move on: the next module is recommended only once this one is mastered.

interface Props {
  courseId: string;
  moduleId: string;
  result: EvaluationResult;
}

export function RemedialOffer({ courseId, moduleId, result }: Props) {
  const short = result.objetivos?.filter((o) => feedbackState(o) !== 'domina') ?? [];
  const states = new Set(short.map(feedbackState));
  const what = [states.has('falta') && 'lo que te falta', states.has('incierto') && 'lo que aún no está claro'].filter(Boolean).join(' y ');
  const mastered = result.aprobado && short.length === 0;
  const open = useMutation({ mutationFn: () => remedialApi.open(courseId, moduleId) });
  return (
    <div className="mt-8">
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200">
        {mastered
          ? 'Dominas este módulo: te recomendamos seguir con el siguiente.'
          : 'Te recomendamos dominar este módulo antes de pasar al siguiente. Si lo prefieres, puedes seguir igualmente.'}
      </p>
      {short.length > 0 && (
        <section aria-labelledby="refuerzo-guiado" className="mt-4 rounded-2xl border border-indigo-200 bg-indigo-50/60 p-5">
          <h3 id="refuerzo-guiado" className="text-lg font-bold text-slate-900">Refuerzo guiado</h3>
          {open.data ? (
            <RemedialPieceView piece={open.data} />
          ) : (
            <>
              <p className="mt-1 text-slate-800">
                Antes de volver a intentarlo, practica {what} con un refuerzo escrito para ti: otra explicación, un ejemplo
                resuelto paso a paso que terminas tú y ejercicios que se corrigen al momento. Es opcional: puedes reintentar cuando quieras.
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Button type="button" onClick={() => open.mutate()} busy={open.isPending}>
                  {open.isPending ? 'Preparando tu refuerzo…' : 'Preparar mi refuerzo guiado'}
                </Button>
                <AllowanceNote name="refuerzos" />
              </div>
              {open.error && (
                <p role="alert" className="mt-3 text-sm text-red-800">
                  {errorMessage(open.error, 'No pudimos preparar tu refuerzo. Inténtalo de nuevo.')}
                </p>
              )}
            </>
          )}
        </section>
      )}
    </div>
  );
}
