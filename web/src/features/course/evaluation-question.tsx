import type { PublicEvaluation } from '../../../../lambdas/contract/courses';

type Question = PublicEvaluation['preguntas'][number];

interface Props {
  question: Question;
  number: number;
  chosen?: string;
  onChoose: (opcion: string) => void;
}

/** One question of an attempt, options A–D as radio buttons (its legend names the group). */
export function EvaluationQuestion({ question: p, number, chosen, onChoose }: Props) {
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="float-left w-full font-semibold text-slate-900">{number}. {p.enunciado}</legend>
      <div className="clear-both space-y-2 pt-3">
        {p.opciones.map((o) => (
          <label key={o.opcion} className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-indigo-600 ${chosen === o.opcion ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 hover:bg-slate-50'}`}>
            <input type="radio" name={p.preguntaId} value={o.opcion} checked={chosen === o.opcion} onChange={() => onChoose(o.opcion)} className="mt-0.5 accent-indigo-600" />
            <span><strong>{o.opcion}.</strong> {o.texto}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Where the learner is in the attempt: the question shown and how many are answered. */
export function EvaluationProgress({ at, total, answered }: { at: number; total: number; answered: number }) {
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p id="evaluacion-paso" tabIndex={-1} className="font-semibold text-slate-900 outline-none">Pregunta {at} de {total}</p>
        <p className="text-slate-600">{answered === 1 ? '1 respondida' : `${answered} respondidas`}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Preguntas respondidas"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} de ${total} respondidas`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] motion-reduce:transition-none" style={{ width: `${total ? (answered / total) * 100 : 0}%` }} />
      </div>
    </div>
  );
}
