import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { EvaluationResult as Result, EvaluationSubmission, ModuleView, PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { learnerLocale } from '../../lib/locale';
import { notify } from '../../lib/notify';
import { coursesApi } from './api';
import { EvaluationResult } from './evaluation-result';
import { EvaluationVariant } from './evaluation-variant';
import { courseKeys } from './query-keys';

interface Props {
  courseId: string;
  module: ModuleView;
  moduleNumber: number;
  generating: boolean;
  onSubmitted: (result: Result) => void;
}

/**
 * The module evaluation: the current attempt's questions, fetched on open, answered A–D and graded
 * by the server. Every retry fetches again: after an attempt the server draws other questions.
 */
export function EvaluationPanel({ courseId, module, moduleNumber, generating, onSubmitted }: Props) {
  const client = useQueryClient();
  const [round, setRound] = useState(0);
  // Everything below belongs to one load (course, module, attempt round): a new round or module
  // is a new query key, so it shows "Cargando" and a blank form with nothing to reset.
  const loadKey = `${courseId}/${module.moduleId}/${round}`;
  const queryKey = courseKeys.evaluation(courseId, module.moduleId, round);
  const waiting = generating && module.evaluacion.estado === 'pendiente';
  const load = useQuery({
    queryKey,
    queryFn: () => coursesApi.evaluation(courseId, module.moduleId),
    enabled: !waiting,
    // One read per opening and round: a background re-read could draw other questions under the
    // learner's answers. Leaving the panel drops it, so the next opening asks again.
    staleTime: Infinity,
    gcTime: 0,
  });
  const [answered, setAnswered] = useState<{ key: string; values: Record<string, string> }>({ key: '', values: {} });
  const [missing, setMissing] = useState(0);
  const grade = useMutation({
    mutationFn: ({ body }: { key: string; body: EvaluationSubmission }) => coursesApi.submitEvaluation(courseId, module.moduleId, body),
    onSuccess: (r) => {
      onSubmitted(r);
      document.getElementById('evaluacion-titulo')?.focus();
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos corregir tu evaluación. Inténtalo de nuevo.')),
  });
  const evaluation = load.data;
  const error = load.isError ? errorMessage(load.error, 'No pudimos cargar la evaluación.') : undefined;
  const answers = answered.key === loadKey ? answered.values : {};
  // The grade shown is the one of this load: another module or round starts with the form.
  const result = grade.isSuccess && grade.variables.key === loadKey ? grade.data : undefined;

  const choose = (preguntaId: string, opcion: string) => setAnswered((a) => ({ key: loadKey, values: { ...(a.key === loadKey ? a.values : {}), [preguntaId]: opcion } }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!evaluation) return;
    const left = evaluation.preguntas.filter((p) => !answers[p.preguntaId]).length;
    setMissing(left);
    if (left) return;
    const body = { varianteId: evaluation.varianteId, answers: evaluation.preguntas.map((p) => ({ preguntaId: p.preguntaId, opcion: answers[p.preguntaId] as 'A' })) };
    grade.mutate({ key: loadKey, body });
  }

  const showVariant = (e: PublicEvaluation) => {
    client.setQueryData(queryKey, e);
    setAnswered({ key: loadKey, values: {} });
    setMissing(0);
  };

  const last = module.evaluacion.intentos.at(-1);
  return (
    <section aria-labelledby="evaluacion-titulo" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <p className="text-sm font-medium text-indigo-700">Módulo {moduleNumber} · {module.titulo}</p>
      <h2 id="evaluacion-titulo" tabIndex={-1} className="mt-1 text-xl font-bold text-slate-900 outline-none sm:text-2xl">Evaluación del módulo</h2>
      {last && !result && (
        <p className="mt-2 text-sm text-slate-600">
          Último intento: {last.score} % ({last.aprobado ? 'aprobado' : 'no aprobado'}) · {module.evaluacion.intentos.length} intento{module.evaluacion.intentos.length === 1 ? '' : 's'}
        </p>
      )}
      {waiting ? (
        <p role="status" className="mt-6 text-slate-700">Estamos preparando las preguntas de este módulo. Aparecerán aquí en cuanto estén listas.</p>
      ) : error ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-900">{error}</p>
      ) : !evaluation ? (
        <p role="status" className="mt-6 text-slate-700">Cargando evaluación...</p>
      ) : result ? (
        <div className="mt-6">
          <EvaluationResult courseId={courseId} evaluation={evaluation} result={result} onRetry={() => { setMissing(0); setRound((n) => n + 1); }} />
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 space-y-6">
          <p className="text-sm text-slate-600">
            {evaluation.preguntas.length} preguntas · Se aprueba con {evaluation.aprobarCon} % · {evaluation.intentosRestantesHoy === 1 ? 'Te queda 1 intento hoy' : `Te quedan ${evaluation.intentosRestantesHoy} intentos hoy`}
          </p>
          {evaluation.intentosRestantesHoy === 0 && (
            <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-900">
              Has usado los intentos de hoy para este módulo. Repasa las lecciones y vuelve {evaluation.proximoIntentoEn ? `a partir del ${new Date(evaluation.proximoIntentoEn).toLocaleString(learnerLocale(), { dateStyle: 'long', timeStyle: 'short' })}` : 'mañana'}.
            </p>
          )}
          {evaluation.preguntas.map((p, i) => (
            <fieldset key={p.preguntaId} className="rounded-xl border border-slate-200 p-4">
              <legend className="float-left w-full font-semibold text-slate-900">{i + 1}. {p.enunciado}</legend>
              <div className="clear-both space-y-2 pt-3">
                {p.opciones.map((o) => (
                  <label key={o.opcion} className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-indigo-600 ${answers[p.preguntaId] === o.opcion ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50'}`}>
                    <input type="radio" name={p.preguntaId} value={o.opcion} checked={answers[p.preguntaId] === o.opcion} onChange={() => choose(p.preguntaId, o.opcion)} className="mt-0.5 accent-indigo-600" />
                    <span><strong>{o.opcion}.</strong> {o.texto}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {missing > 0 && <p role="alert" className="text-sm text-red-700">Responde todas las preguntas antes de enviar (faltan {missing}).</p>}
          <Button type="submit" disabled={evaluation.intentosRestantesHoy === 0}>Enviar respuestas</Button>
          <EvaluationVariant courseId={courseId} moduleId={module.moduleId} onReady={showVariant} />
        </form>
      )}
    </section>
  );
}
