import type { EvaluationResult as Result, PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { EvaluationReviewItem } from './evaluation-review';
import { ObjectiveFeedback } from './objective-feedback';
import { RemedialOffer } from './remedial-offer';

interface Props {
  courseId: string;
  evaluation: PublicEvaluation;
  result: Result;
  onRetry: () => void;
}

/**
 * Score and what to do next. A failed attempt shows which questions were wrong and the lesson to
 * review, not the answers (the server does not send them); a pass explains every option.
 */
export function EvaluationResult({ courseId, evaluation, result, onRetry }: Props) {
  const left = result.intentosRestantesHoy;
  return (
    <div>
      <div
        role="status"
        className={`rounded-2xl p-5 ${result.aprobado ? 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200' : 'bg-amber-50 text-amber-900 ring-1 ring-amber-200'}`}
      >
        <p className="text-3xl font-bold tabular-nums">{result.score} %</p>
        <p className="mt-1 text-lg font-semibold">{result.aprobado ? '¡Aprobado! Has superado la evaluación.' : 'No aprobado esta vez.'}</p>
        <p className="mt-1 text-sm">
          {result.correctas} de {result.total} respuestas correctas · Se aprueba con {evaluation.aprobarCon} % · Intento {result.intento}
        </p>
      </div>
      {result.objetivos?.length ? <ObjectiveFeedback courseId={courseId} moduleId={evaluation.moduleId} objetivos={result.objetivos} /> : null}
      <RemedialOffer courseId={courseId} moduleId={evaluation.moduleId} result={result} />
      <h3 className="mt-8 text-lg font-bold text-slate-900">{result.aprobado ? 'Revisa tus respuestas' : 'Qué repasar'}</h3>
      <p className="mt-1 text-sm text-slate-600">
        {result.aprobado
          ? 'Cada opción, con la razón por la que es correcta o incorrecta.'
          : 'Te indicamos qué preguntas fallaste y dónde se explica cada una. Las respuestas correctas se muestran cuando apruebas.'}
      </p>
      <ol className="mt-4 space-y-4">
        {result.resultados.map((r, i) => (
          <EvaluationReviewItem key={r.preguntaId} courseId={courseId} moduleId={evaluation.moduleId} evaluation={evaluation} result={r} number={i + 1} />
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={onRetry} disabled={left === 0}>
          {result.aprobado ? 'Practicar con otras preguntas' : 'Intentar con otras preguntas'}
        </Button>
        <p className="text-sm text-slate-600">
          {left === 0 ? 'Has usado los intentos de hoy para este módulo: repasa y vuelve mañana.' : `Te quedan ${left} intento${left === 1 ? '' : 's'} hoy.`}
        </p>
      </div>
    </div>
  );
}
