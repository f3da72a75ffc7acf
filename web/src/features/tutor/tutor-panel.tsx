import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { TUTOR_MESSAGE_MAX } from '../../../../lambdas/contract/tutor';
import { Button } from '../../components/button';
import { DictationButton } from './dictation-button';
import { TutorMessages } from './tutor-messages';
import { speechRecognition } from './use-dictation';
import { useSideSpace } from './use-side-space';
import { useTutor } from './use-tutor';
import { ReviewLink } from '../review';

interface Props {
  courseId: string;
  moduleId?: string;
  lessonId?: string;
  /** Opened from the start (tests, deep links); otherwise the learner opens it with the button. */
  defaultOpen?: boolean;
}

/**
 * The AI tutor beside the lesson: a side panel on wide screens, full screen on a phone. Answers
 * are Markdown; the conversation comes back from the server, so it survives reloads and devices.
 */
export function TutorPanel({ courseId, moduleId, lessonId, defaultOpen = false }: Props) {
  const [open, setOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState('');
  const [confirming, setConfirming] = useState(false);
  const tutor = useTutor(courseId, moduleId, lessonId, open);
  const input = useRef<HTMLTextAreaElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const out = tutor.quota?.restantes === 0;
  /** Dictation only where the browser can do it (issue 26); elsewhere no microphone at all. */
  const canDictate = speechRecognition() !== undefined;
  useSideSpace(open);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    setTimeout(() => toggle.current?.focus());
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (await tutor.send(draft)) setDraft('');
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey) void submit(e);
  }

  if (!open) {
    // Reachable from any scroll position and never over the lesson (issue 34). On a phone or tablet, a bar
    // fixed to the screen's bottom whose height the page keeps free at its end (index.css, data-tutor-bar):
    // a floating button covered the ends of lines and the lesson's buttons. From lg up, a full-width button
    // in the course page's sticky left column, under the outline.
    return (
      <aside aria-label="Tutor IA" data-tutor-bar
        className="fixed inset-x-0 bottom-0 z-20 flex h-[var(--tutor-bar-h)] items-start justify-end border-t border-slate-200 bg-white/95 px-4 pt-2 backdrop-blur lg:static lg:h-auto lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none">
        <button ref={toggle} type="button" onClick={() => setOpen(true)} aria-expanded="false" title="El tutor IA conoce tu curso y la lección que estás leyendo."
          className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-indigo-600 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-indigo-700 sm:w-auto lg:w-full">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.5 1.5 0 1 0 0 .01V10Zm5 0a1.5 1.5 0 1 0 0 .01V10Zm5 0a1.5 1.5 0 1 0 0 .01V10Z" /></svg>
          Preguntar al tutor
        </button>
      </aside>
    );
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog from anywhere in it (WAI-ARIA dialog pattern)
    <section role="dialog" aria-labelledby={titleId} onKeyDown={(e) => e.key === 'Escape' && close()}
      className="fixed inset-0 z-40 flex flex-col bg-slate-50 shadow-2xl lg:inset-y-0 lg:right-0 lg:left-auto lg:w-[28rem] lg:border-l lg:border-slate-200">
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">Tutor IA</h2>
          <p className="truncate text-sm text-slate-600">{tutor.context?.leccionActual?.titulo ?? tutor.context?.titulo ?? 'Tu curso'}</p>
        </div>
        <Button type="button" variant="ghost" onClick={close} aria-label="Cerrar el tutor">✕</Button>
      </header>

      <div role="log" aria-label="Mensajes con el tutor" tabIndex={0} className="flex-1 overflow-y-auto px-4 py-4" aria-live="polite" aria-busy={tutor.sending}>
        {!tutor.context && !tutor.error && <p role="status" className="text-slate-700">Conectando con el tutor...</p>}
        {tutor.context && tutor.turns.length === 0 && (
          <p className="mb-4 rounded-xl bg-indigo-50 p-3 text-sm text-indigo-900">
            Pregúntame lo que quieras sobre <strong>{tutor.context.titulo}</strong>. Te explicaré con ejemplos y te haré preguntas para comprobar que lo entiendes.
          </p>
        )}
        {tutor.context && <ReviewLink courseId={courseId} />}
        <TutorMessages courseId={courseId} turns={tutor.turns} sending={tutor.sending} streaming={tutor.streaming} />
        {tutor.error && <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-900">{tutor.error}</p>}
      </div>

      <div className="border-t border-slate-200 bg-white px-4 py-3">
        {tutor.practice.length > 0 && !out && (
          <ul aria-label="Practicar lo que te cuesta" className="mb-2 flex flex-wrap gap-2">
            {tutor.practice.map((o) => (
              <li key={o.objectiveKey}>
                <button type="button" disabled={tutor.sending} onClick={() => void tutor.send(`Practiquemos: ${o.enunciado}`, o.objectiveKey)}
                  className="rounded-full bg-amber-50 px-3 py-1.5 text-left text-sm font-medium text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100 disabled:opacity-60">
                  Practiquemos: {o.enunciado}
                </button>
              </li>
            ))}
          </ul>
        )}
        {tutor.suggestions.length > 0 && !out && (
          <ul aria-label="Preguntas sugeridas" className="mb-3 flex flex-wrap gap-2">
            {tutor.suggestions.map((s) => (
              <li key={s}>
                <button type="button" disabled={tutor.sending} onClick={() => void tutor.send(s)}
                  className="rounded-full bg-indigo-50 px-3 py-1.5 text-left text-sm font-medium text-indigo-800 hover:bg-indigo-100 disabled:opacity-60">
                  {s}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2">
          <label htmlFor={`${titleId}-msg`} className="sr-only">Tu pregunta para el tutor</label>
          <textarea id={`${titleId}-msg`} ref={input} rows={2} value={draft} maxLength={TUTOR_MESSAGE_MAX} disabled={out}
            onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} placeholder={out ? 'Has usado todos tus mensajes de hoy' : 'Escribe tu pregunta...'}
            className="block min-w-0 flex-1 resize-none rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-indigo-600 disabled:bg-slate-100" />
          {canDictate && <DictationButton draft={draft} onDraft={setDraft} disabled={out} sending={tutor.sending} />}
          <Button type="submit" busy={tutor.sending} disabled={out || !draft.trim()}>Enviar</Button>
        </form>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
          {tutor.quota && <p>Te quedan <strong>{tutor.quota.restantes}</strong> de {tutor.quota.limite} mensajes hoy</p>}
          {confirming ? (
            <span className="flex gap-2">
              <button type="button" className="font-semibold text-red-700" onClick={() => void tutor.clear().then(() => setConfirming(false))}>Sí, borrar</button>
              <button type="button" className="font-semibold text-slate-700" onClick={() => setConfirming(false)}>Cancelar</button>
            </span>
          ) : (
            <button type="button" className="font-semibold text-indigo-700 hover:underline disabled:opacity-50" disabled={!tutor.turns.length} onClick={() => setConfirming(true)}>
              Borrar historial
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

export default TutorPanel;
