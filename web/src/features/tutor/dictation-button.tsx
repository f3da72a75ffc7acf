import { useEffect, useId } from 'react';
import { DEFAULT_NARRATION_VOICE, NARRATION_VOICES } from '../../../../lambdas/contract/narration';
import { TUTOR_MESSAGE_MAX } from '../../../../lambdas/contract/tutor';
import { useAuth } from '../../app/providers/auth-provider';
import { useDictation } from './use-dictation';
import { MicrophoneIcon } from './voice-icons';

interface Props {
  draft: string;
  onDraft: (text: string) => void;
  disabled?: boolean;
  /** A question on its way: dictation stops, so a late result cannot refill the emptied input. */
  sending: boolean;
}

/** Where the audio goes, said before the learner presses (MDN: Chrome's recognition is server-based). */
export const DICTATION_NOTE =
  'El dictado lo hace tu navegador: tu voz va a su servicio de reconocimiento (en Chrome, el de Google), no a Mentora.';

/**
 * The microphone beside the tutor's input, only where the browser offers speech recognition (the
 * panel asks `speechRecognition()` before rendering it). It listens in the accent of the learner's
 * voice (es-ES, es-MX or es-US from the profile), writes what it hears into the input as it hears it,
 * and stops after a silence or on a second press. Renders two flex items of the form: the button, and
 * a full-width line (order-last) with the note, the listening state or an error.
 */
export function DictationButton({ draft, onDraft, disabled, sending }: Props) {
  const { user } = useAuth();
  const voice = NARRATION_VOICES.find((v) => v.id === (user?.voz ?? DEFAULT_NARRATION_VOICE));
  // A long dictation is cut where the input stops typing too.
  const dictation = useDictation(voice?.idioma ?? 'es-ES', (text) => onDraft(text.slice(0, TUTOR_MESSAGE_MAX)));
  const noteId = useId();
  const { cancel } = dictation;

  useEffect(() => {
    if (sending) cancel();
  }, [sending, cancel]);

  return (
    <>
      <button type="button" disabled={disabled} aria-describedby={noteId}
        aria-label={dictation.listening ? 'Dejar de dictar' : 'Dictar la pregunta'}
        onClick={() => (dictation.listening ? dictation.stop() : dictation.start(draft))}
        className={`inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-lg border text-lg disabled:opacity-50 ${dictation.listening ? 'border-red-600 bg-red-50 text-red-700' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}>
        {dictation.listening ? <span aria-hidden="true" className="h-3 w-3 animate-pulse rounded-sm bg-red-600 motion-reduce:animate-none" /> : <MicrophoneIcon />}
      </button>
      <div className="order-last basis-full text-xs text-slate-600">
        {dictation.listening && <p role="status" className="font-semibold text-red-700">Te escucho… habla y haz una pausa al terminar.</p>}
        {dictation.error && <p role="alert" className="text-sm text-red-800">{dictation.error}</p>}
        <p id={noteId}>{DICTATION_NOTE}</p>
      </div>
    </>
  );
}
