import type { PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';

interface Props {
  evaluation: PublicEvaluation;
  answers: Record<string, string>;
  missing: number;
  busy: boolean;
  onChange: (index: number) => void;
  onBack: () => void;
}

/**
 * The review step before an attempt is sent (issue 34 item 3): every question with the answer chosen,
 * the unanswered ones marked, a way back to each. Sending grades it and spends an attempt, so it says so.
 */
export function EvaluationCheck({ evaluation, answers, missing, busy, onChange, onBack }: Props) {
  const total = evaluation.preguntas.length;
  const left = evaluation.preguntas.filter((p) => !answers[p.preguntaId]).length;
  return (
    <div>
      <h3 id="evaluacion-revision" tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">Revisa tus respuestas antes de enviar</h3>
      <p className="mt-1 text-sm text-slate-700">
        {left === 0 ? `Has respondido las ${total} preguntas.` : `Te falta${left === 1 ? '' : 'n'} ${left} de ${total} por responder: aparece${left === 1 ? '' : 'n'} como «Sin responder».`}{' '}
        Al enviar se corrige y cuenta como un intento.
      </p>
      <ol className="mt-4 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {evaluation.preguntas.map((p, i) => {
          const chosen = p.opciones.find((o) => o.opcion === answers[p.preguntaId]);
          return (
            <li key={p.preguntaId} className={`flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between ${chosen ? '' : 'bg-amber-50'}`}>
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{i + 1}. {p.enunciado}</p>
                <p className={chosen ? 'mt-0.5 text-slate-700' : 'mt-0.5 font-semibold text-amber-900'}>
                  {chosen ? `${chosen.opcion}. ${chosen.texto}` : 'Sin responder'}
                </p>
              </div>
              <Button type="button" variant="ghost" className="self-start px-2 py-1 text-sm sm:self-center" onClick={() => onChange(i)} aria-label={`${chosen ? 'Cambiar' : 'Responder'} la pregunta ${i + 1}`}>
                {chosen ? 'Cambiar' : 'Responder'}
              </Button>
            </li>
          );
        })}
      </ol>
      {missing > 0 && <p role="alert" className="mt-4 text-sm text-red-700">Responde todas las preguntas antes de enviar (faltan {missing}).</p>}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={onBack}>Volver a las preguntas</Button>
        <Button type="submit" busy={busy}>Enviar respuestas</Button>
      </div>
    </div>
  );
}
