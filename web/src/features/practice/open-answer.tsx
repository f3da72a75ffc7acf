import { useId, useState } from 'react';
import { OPEN_ANSWER_MAX, VEREDICTO_LABEL } from '../../../../lambdas/contract/practice';
import { Button } from '../../components/button';
import { InlineCode } from './inline-code';
import { useGrading } from './use-grading';

// One open question answered in the learner's own words, graded by a model against its rubric:
// the verdict, what was right and what is missing (issue 32 item 5). The learner may answer again.

const TONE = {
  correcta: 'border-emerald-300 bg-emerald-50 text-emerald-950',
  parcial: 'border-amber-300 bg-amber-50 text-amber-950',
  incorrecta: 'border-red-300 bg-red-50 text-red-950',
} as const;

interface Props {
  numero: number;
  pregunta: string;
  start: (respuesta: string) => Promise<string>;
}

export function OpenAnswer({ numero, pregunta, start }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const { submit, grading, verdict, failed, kept, reset } = useGrading(start);
  const tooShort = text.trim().length < 3;
  return (
    <form
      className="mt-4 rounded-xl border border-slate-200 p-4"
      aria-labelledby={`${id}-q`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!tooShort && !grading) submit(text.trim());
      }}
    >
      <p id={`${id}-q`} className="font-medium text-slate-900">{numero}. <InlineCode text={pregunta} /></p>
      <label htmlFor={`${id}-a`} className="mt-3 block text-sm font-medium text-slate-700">Tu respuesta, con tus palabras</label>
      <textarea
        id={`${id}-a`}
        value={text}
        maxLength={OPEN_ANSWER_MAX}
        rows={3}
        onChange={(e) => {
          setText(e.target.value);
          if (verdict || failed || kept) reset();
        }}
        className="mt-1 w-full rounded-lg border border-slate-300 p-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      />
      <Button type="submit" variant="secondary" className="mt-2" busy={grading} disabled={tooShort || !!kept}>
        {grading ? 'Corrigiendo…' : 'Comprobar mi respuesta'}
      </Button>
      <div aria-live="polite">
        {verdict && (
          <div className={`mt-3 rounded-lg border p-3 ${TONE[verdict.veredicto]}`}>
            <p className="font-semibold">{VEREDICTO_LABEL[verdict.veredicto]}</p>
            <p className="mt-1"><span className="font-medium">Lo que tienes bien:</span> {verdict.acertado}</p>
            <p className="mt-1"><span className="font-medium">Lo que te falta:</span> {verdict.falta}</p>
          </div>
        )}
        {kept && <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{kept}</p>}
      </div>
      {failed && <p role="alert" className="mt-3 text-sm text-red-800">{failed}</p>}
    </form>
  );
}
