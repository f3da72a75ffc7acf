import { Link } from 'react-router-dom';
import type { EvaluationQuestionResult, PublicEvaluation } from '../../../../lambdas/contract/courses';
import { lessonHref } from '../../lib/course-links';
import { SourceNote } from '../materials';
import { ReportQuestion } from '../question-report';

interface Props {
  courseId: string;
  moduleId: string;
  evaluation: PublicEvaluation;
  result: EvaluationQuestionResult;
  number: number;
}

/** One question of a graded attempt: after a failure, where to review; after a pass, every option explained. */
export function EvaluationReviewItem({ courseId, moduleId, evaluation, result: r, number }: Props) {
  const chosen = evaluation.preguntas.find((p) => p.preguntaId === r.preguntaId)?.opciones.find((o) => o.opcion === r.opcionElegida);
  return (
    <li className={`rounded-xl border-l-4 bg-white p-4 ring-1 ring-slate-200 ${r.correcta ? 'border-emerald-500' : 'border-red-500'}`}>
      <p className="font-semibold text-slate-900">{number}. {r.enunciado}</p>
      <p className={`mt-2 text-sm font-semibold ${r.correcta ? 'text-emerald-800' : 'text-red-800'}`}>{r.correcta ? '✓ Correcta' : '✗ Incorrecta'}</p>
      {!r.revision && (
        <p className="mt-1 text-sm text-slate-700">Tu respuesta: {chosen ? `${chosen.opcion}. ${chosen.texto}` : 'sin responder'}</p>
      )}
      {r.repasar && !r.revision && (
        <p className="mt-2 text-sm text-slate-800">
          Repasa{' '}
          <Link className="font-semibold text-indigo-700 underline hover:text-indigo-900" to={lessonHref(courseId, { moduleId, lessonId: r.repasar.lessonId, seccion: r.repasar.seccion })}>
            la lección «{r.repasar.leccion}»
          </Link>
          {r.repasar.seccion && <>, sección «{r.repasar.seccion}»</>}.
        </p>
      )}
      {r.revision && (
        <ul className="mt-3 space-y-2" aria-label={`Opciones de la pregunta ${number} explicadas`}>
          {r.revision.opciones.map((o) => (
            <li key={o.opcion} className={`rounded-lg p-3 text-sm ${o.correcta ? 'bg-emerald-50 text-emerald-950 ring-1 ring-emerald-200' : 'bg-slate-50 text-slate-800'}`}>
              <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                <span className={o.correcta ? 'text-emerald-800' : 'text-slate-600'}>{o.correcta ? '✓ Respuesta correcta' : '✗ Incorrecta'}</span>
                {o.opcion === r.opcionElegida && <span className="rounded bg-indigo-100 px-1.5 py-0.5 text-indigo-900">Tu respuesta</span>}
              </p>
              <p className="mt-1 font-semibold">{o.opcion}. {o.texto}</p>
              <p className="mt-1">{o.explicacion}</p>
            </li>
          ))}
        </ul>
      )}
      {r.fuente && <SourceNote source={r.fuente} className="mt-2" />}
      <ReportQuestion target={{ courseId, moduleId, preguntaId: r.preguntaId }} className="mt-3" />
    </li>
  );
}
