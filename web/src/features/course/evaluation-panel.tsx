import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { EvaluationResult as Result, EvaluationSubmission, ModuleView, PublicEvaluation } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { coursesApi } from './api';
import { EvaluationCheck } from './evaluation-check';
import { EvaluationLocked } from './evaluation-locked';
import { EvaluationProgress, EvaluationQuestion } from './evaluation-question';
import { EvaluationResult } from './evaluation-result';
import { EvaluationVariant } from './evaluation-variant';
import { courseKeys } from '../../lib/course-keys';

interface Props {
  courseId: string;
  module: ModuleView;
  moduleNumber: number;
  generating: boolean;
  onSubmitted: (result: Result) => void;
}

/** Where the learner is in an attempt: a question by index, or the review step before sending. */
type Step = number | 'revisar';

/** The attempt's one limit, in words (issue 34 item 3). */
function attemptsLine(e: PublicEvaluation) {
  const left = e.intentosRestantesHoy === 1 ? 'Hoy te queda 1 intento' : `Hoy te quedan ${e.intentosRestantesHoy} intentos`;
  return `${e.preguntas.length} preguntas, de una en una. Apruebas con un ${e.aprobarCon} % de aciertos. ${left} para este módulo.`;
}

/**
 * The module evaluation: the current attempt's questions, fetched on open, answered A–D one at a time
 * with the progress shown, reviewed before sending and graded by the server (issue 34 item 3). Every
 * retry fetches again: after an attempt the server draws other questions.
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
  const [stepOf, setStepOf] = useState<{ key: string; step: Step }>({ key: '', step: 0 });
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
  const step: Step = stepOf.key === loadKey ? stepOf.step : 0;
  // The grade shown is the one of this load: another module or round starts with the form.
  const result = grade.isSuccess && grade.variables.key === loadKey ? grade.data : undefined;

  // A move the learner asked for takes the focus to where they arrived (the question's place or the
  // review's heading): on a phone it also brings it into view. Opening the panel does not move focus.
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    document.getElementById(step === 'revisar' ? 'evaluacion-revision' : 'evaluacion-paso')?.focus();
  }, [step]);
  const go = (to: Step) => {
    moved.current = true;
    setStepOf({ key: loadKey, step: to });
  };

  const choose = (preguntaId: string, opcion: string) => setAnswered((a) => ({ key: loadKey, values: { ...(a.key === loadKey ? a.values : {}), [preguntaId]: opcion } }));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!evaluation) return;
    // Enter in a radio group submits the form: anywhere before the review step it only moves on.
    if (step !== 'revisar') return go(step + 1 < evaluation.preguntas.length ? step + 1 : 'revisar');
    const left = evaluation.preguntas.filter((p) => !answers[p.preguntaId]).length;
    setMissing(left);
    if (left) return;
    const body = { varianteId: evaluation.varianteId, answers: evaluation.preguntas.map((p) => ({ preguntaId: p.preguntaId, opcion: answers[p.preguntaId] as 'A' })) };
    grade.mutate({ key: loadKey, body });
  }

  const showVariant = (e: PublicEvaluation) => {
    client.setQueryData(queryKey, e);
    setAnswered({ key: loadKey, values: {} });
    setStepOf({ key: loadKey, step: 0 });
    setMissing(0);
  };

  const last = module.evaluacion.intentos.at(-1);
  const total = evaluation?.preguntas.length ?? 0;
  const question = evaluation && typeof step === 'number' ? evaluation.preguntas[Math.min(step, total - 1)] : undefined;
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
      ) : evaluation.intentosRestantesHoy === 0 ? (
        <EvaluationLocked courseId={courseId} module={module} opensAt={evaluation.proximoIntentoEn} />
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 space-y-6">
          <p className="text-sm text-slate-600">{attemptsLine(evaluation)}</p>
          {step === 'revisar' || !question ? (
            <EvaluationCheck evaluation={evaluation} answers={answers} missing={missing} busy={grade.isPending} onChange={go} onBack={() => go(total - 1)} />
          ) : (
            <>
              <EvaluationProgress at={Number(step) + 1} total={total} answered={evaluation.preguntas.filter((p) => answers[p.preguntaId]).length} />
              <EvaluationQuestion key={question.preguntaId} question={question} number={Number(step) + 1} chosen={answers[question.preguntaId]} onChoose={(o) => choose(question.preguntaId, o)} />
              <div className="flex flex-wrap items-center justify-between gap-3">
                <Button type="button" variant="secondary" disabled={step === 0} onClick={() => go(Number(step) - 1)}>Anterior</Button>
                <div className="flex flex-wrap gap-3">
                  {Number(step) + 1 < total && <Button type="button" variant="ghost" onClick={() => go('revisar')}>Revisar y enviar</Button>}
                  <Button type="submit">{Number(step) + 1 < total ? 'Siguiente' : 'Revisar respuestas'}</Button>
                </div>
              </div>
            </>
          )}
          <EvaluationVariant courseId={courseId} moduleId={module.moduleId} onReady={showVariant} />
        </form>
      )}
    </section>
  );
}
