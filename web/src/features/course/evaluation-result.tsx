import type { EvaluationResult as Result, PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';

/** Score, passed or not, and per question: right or wrong, the correct option and why. */
export function EvaluationResult({ evaluation, result, onRetry }: { evaluation: PublicEvaluation; result: Result; onRetry: () => void }) {
  const byId = new Map(evaluation.preguntas.map((p) => [p.preguntaId, p]));
  const optionText = (preguntaId: string, letter?: string) => byId.get(preguntaId)?.opciones.find((o) => o.opcion === letter)?.texto;
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
      <h3 className="mt-8 text-lg font-bold text-slate-900">Revisa tus respuestas</h3>
      <ol className="mt-4 space-y-4">
        {result.resultados.map((r, i) => (
          <li key={r.preguntaId} className={`rounded-xl border-l-4 bg-white p-4 ring-1 ring-slate-200 ${r.correcta ? 'border-emerald-500' : 'border-red-500'}`}>
            <p className="font-semibold text-slate-900">
              {i + 1}. {byId.get(r.preguntaId)?.enunciado}
            </p>
            <p className={`mt-2 text-sm font-semibold ${r.correcta ? 'text-emerald-800' : 'text-red-800'}`}>{r.correcta ? '✓ Correcta' : '✗ Incorrecta'}</p>
            {!r.correcta && (
              <p className="mt-1 text-sm text-slate-700">
                Tu respuesta: {r.opcionElegida ? `${r.opcionElegida}. ${optionText(r.preguntaId, r.opcionElegida) ?? ''}` : 'sin responder'}
              </p>
            )}
            <p className="mt-1 text-sm text-slate-800">
              Respuesta correcta: <strong>{r.opcionCorrecta}. {optionText(r.preguntaId, r.opcionCorrecta)}</strong>
            </p>
            <p className="mt-2 text-sm text-slate-700">{r.explicacion}</p>
          </li>
        ))}
      </ol>
      <Button type="button" variant="secondary" className="mt-6" onClick={onRetry}>Intentar de nuevo</Button>
    </div>
  );
}
