import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PracticeFeedback, RemedialPiece } from '../../../../lambdas/contract/remedial';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { OpenAnswer } from '../practice';
import { LessonContent } from '../lesson';
import { remedialApi } from './remedial-api';

// A Refuerzo guiado as the learner works through it (issue 32 item 4): another explanation, a worked
// example whose later steps the learner completes before looking (faded), and practice items corrected
// at once with every option explained. Only the first answer to an item counts (the server keeps it).
// Then one open question answered in the learner's words, graded like a lesson's self-check (item 5).

type Item = RemedialPiece['practica'][number];

function Step({ paso, numero }: { paso: RemedialPiece['ejemplo']['pasos'][number]; numero: number }) {
  const id = useId();
  if (!paso.completar) {
    return (
      <li className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
        <p className="font-medium text-slate-900">Paso {numero}. {paso.texto}</p>
        <p className="mt-1 text-slate-800">{paso.solucion}</p>
      </li>
    );
  }
  return (
    <li className="rounded-lg border border-dashed border-indigo-300 bg-white p-3">
      <p className="font-medium text-slate-900">Paso {numero} (tu turno). {paso.texto}</p>
      <label htmlFor={id} className="mt-2 block text-sm font-medium text-slate-700">Escribe cómo lo resolverías</label>
      <textarea id={id} rows={2} className="mt-1 w-full rounded-lg border border-slate-300 p-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600" />
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600">Comparar con la solución</summary>
        <p className="mt-1 text-slate-800">{paso.solucion}</p>
      </details>
    </li>
  );
}

function Practice({ courseId, moduleId, item }: { courseId: string; moduleId: string; item: Item }) {
  const id = useId();
  const [feedback, setFeedback] = useState<PracticeFeedback | undefined>(item.respuesta);
  const send = useMutation({
    mutationFn: (opcion: PracticeFeedback['opcionElegida']) => remedialApi.answer(courseId, moduleId, item.item, opcion),
    onSuccess: setFeedback,
  });
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <p id={`${id}-q`} className="font-medium text-slate-900">Ejercicio {item.item}. {item.enunciado}</p>
      {!feedback ? (
        <div role="group" aria-labelledby={`${id}-q`} className="mt-3 grid gap-2">
          {item.opciones.map((o) => (
            <Button key={o.opcion} type="button" variant="secondary" className="justify-start text-left" disabled={send.isPending} onClick={() => send.mutate(o.opcion)}>
              <span className="font-bold">{o.opcion}.</span> {o.texto}
            </Button>
          ))}
        </div>
      ) : (
        <div aria-live="polite" className="mt-3">
          <p className={`font-semibold ${feedback.correcta ? 'text-emerald-800' : 'text-red-800'}`}>
            {feedback.correcta ? '¡Correcto!' : `No es correcta: elegiste la ${feedback.opcionElegida}.`}
          </p>
          <ul className="mt-2 space-y-2">
            {feedback.opciones.map((o) => (
              <li key={o.opcion} className={`rounded-lg p-2 text-sm ${o.correcta ? 'bg-emerald-50 text-emerald-950 ring-1 ring-emerald-200' : o.opcion === feedback.opcionElegida ? 'bg-red-50 text-red-950 ring-1 ring-red-200' : 'bg-slate-50 text-slate-800'}`}>
                <p className="font-medium">{o.opcion}. {o.texto}{o.correcta ? ' (correcta)' : ''}</p>
                <p className="mt-0.5">{o.explicacion}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {send.error && <p role="alert" className="mt-2 text-sm text-red-800">{errorMessage(send.error, 'No pudimos corregir tu respuesta. Inténtalo de nuevo.')}</p>}
    </li>
  );
}

export function RemedialPieceView({ piece }: { piece: RemedialPiece }) {
  return (
    <div className="mt-2 text-slate-900">
      <p className="text-lg font-semibold">{piece.titulo}</p>
      <p className="mt-1 text-sm text-slate-700">Para: {piece.objetivos.map((o) => o.enunciado).join(' · ')}</p>
      <h4 className="mt-5 font-bold">Otra forma de verlo</h4>
      <div className="-mt-4"><LessonContent markdown={piece.explicacion} /></div>
      <h4 className="mt-5 font-bold">Ejemplo resuelto paso a paso</h4>
      <p className="mt-1 text-slate-800">{piece.ejemplo.enunciado}</p>
      <ol className="mt-3 space-y-2">
        {piece.ejemplo.pasos.map((p, i) => <Step key={i} paso={p} numero={i + 1} />)}
      </ol>
      <h4 className="mt-5 font-bold">Practica</h4>
      <p className="mt-1 text-sm text-slate-700">Cada ejercicio se corrige al momento; cuenta tu primera respuesta.</p>
      <ol className="mt-3 space-y-3">
        {piece.practica.map((q) => <Practice key={q.item} courseId={piece.courseId} moduleId={piece.moduleId} item={q} />)}
      </ol>
      {piece.abierta && (
        <>
          <h4 className="mt-5 font-bold">Con tus palabras</h4>
          <OpenAnswer numero={piece.practica.length + 1} pregunta={piece.abierta.enunciado} start={(respuesta) => remedialApi.openAnswer(piece.courseId, piece.moduleId, respuesta)} />
        </>
      )}
    </div>
  );
}
