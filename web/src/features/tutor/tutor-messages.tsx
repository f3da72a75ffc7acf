import { lazy, Suspense, useEffect, useRef } from 'react';
import { FeedbackButtons } from '../feedback';
import { LessonContent } from '../lesson';
import { citationsOf } from '../materials';
import { SpeakAnswerButton } from './speak-answer-button';
import { useSpokenAnswer } from './use-spoken-answer';
import { diagramText, turnParts } from './turn-parts';
import type { ChatTurn } from './use-tutor';

const MarkdownContent = lazy(() => import('../../components/markdown'));

// The lesson's figure as the panel wants it: no wide picture, the phone's shown, less room round it.
// Through the pictures' data-layout (lesson-diagram.tsx), so the course page's first JavaScript, which
// holds LessonContent, carries nothing more for the tutor (npm run bench web-bundle).
const NARROW_FIGURE = '[&>div]:mt-0 [&_figure]:my-3 [&_figure]:p-2 [&_[data-layout=ancho]]:hidden [&_[data-layout=movil]]:block';

/**
 * An answer's text as Markdown, its diagram (issue 43) drawn in its place by the lesson's renderer,
 * loaded only when an answer has one. While the plain text waits for the Markdown renderer, a block
 * is not shown as its JSON.
 */
function AnswerText({ text, citation }: { text: string; citation?: ReturnType<typeof citationsOf> }) {
  return turnParts(text).map((part, i) =>
    part.kind === 'diagram' ? (
      // Drawn as a lesson draws it (its lazy renderer), in the phone's layout whatever the screen: the panel is 28 rem wide.
      <div key={i} className={NARROW_FIGURE}>
        <LessonContent markdown={diagramText(part.body)} />
      </div>
    ) : (
      <Suspense key={i} fallback={<p className="my-3 whitespace-pre-line break-words text-[0.95rem] text-slate-800">{part.md}</p>}>
        <MarkdownContent className="text-[0.95rem]" citation={citation}>{part.md}</MarkdownContent>
      </Suspense>
    ),
  );
}

/** The conversation, newest at the bottom, kept in view as it grows; each finished answer can be heard. */
export function TutorMessages({ courseId, turns, sending, streaming = '' }: { courseId: string; turns: ChatTurn[]; sending: boolean; streaming?: string }) {
  const end = useRef<HTMLLIElement>(null);
  const spoken = useSpokenAnswer(courseId);
  // A block body on purpose: newer Chromium returns a Promise from scrollIntoView, and React would
  // take any returned value for a cleanup function.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [turns.length, sending, streaming]);
  return (
    <ol className="space-y-4" aria-label="Conversación con el tutor">
      {turns.map((t, i) =>
        t.rol === 'alumno' ? (
          <li key={i} className="ml-8 rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2.5 text-white">
            <span className="sr-only">Tú: </span>
            <p className="whitespace-pre-line break-words">{t.texto}</p>
          </li>
        ) : (
          <li key={i} className="mr-4 rounded-2xl rounded-bl-sm bg-white px-4 py-1 ring-1 ring-slate-200">
            <span className="sr-only">Tutor: </span>
            {t.tipo === 'pistas' && <p className="mt-2 text-xs font-semibold uppercase tracking-wide text-amber-700">Pistas, sin la respuesta</p>}
            {/* Grounded courses: ` [n]` marks open the cited passage, as in lessons (issue 24). */}
            <AnswerText text={t.texto} citation={citationsOf(t.fuentes)} />
            {/* Named by its fecha, as the server keeps it; an answer without one has nothing to ask for. */}
            {t.fecha && (
              <SpeakAnswerButton phase={spoken.current?.fecha === t.fecha ? spoken.current.phase : undefined} error={spoken.errors[t.fecha]}
                onToggle={() => void spoken.toggle(t.fecha)} />
            )}
            <FeedbackButtons className="mb-2 border-t border-slate-100 pt-2" question="¿Te ha servido esta respuesta?" target={{ courseId, tipo: 'tutor', respuesta: t.fecha }} />
          </li>
        ),
      )}
      {sending && streaming && (
        // The answer as it arrives, already as Markdown (issue 34: raw asterisks and ">" while it streamed);
        // its sources and the feedback buttons come with the whole answer.
        <li className="mr-4 rounded-2xl rounded-bl-sm bg-white px-4 py-1 ring-1 ring-slate-200" data-testid="tutor-streaming">
          <span className="sr-only">Tutor: </span>
          <AnswerText text={streaming} />
        </li>
      )}
      {sending && !streaming && (
        <li className="mr-4 flex items-center gap-2 rounded-2xl bg-white px-4 py-3 text-slate-700 ring-1 ring-slate-200">
          <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-indigo-600 motion-reduce:animate-none" />
          Conectando con el tutor...
        </li>
      )}
      <li ref={end} aria-hidden="true">
        {/* One player for the whole conversation (use-spoken-answer.ts), without controls: each answer's button is its control. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- what it reads is the answer's text, shown right above its button */}
        <audio {...spoken.audioProps} />
      </li>
    </ol>
  );
}
