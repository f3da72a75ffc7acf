import { useCallback, useEffect, useRef, useState } from 'react';

// Dictating a question to the tutor with the browser's own speech recognition (Web Speech API;
// issue 26, docs/tutor.md "Voz"). Mentora's servers never receive the audio: the browser sends it to
// its own recognition service and hands back text. Where the browser has no such API, nothing renders.

/** The part of SpeechRecognition we use (TypeScript's DOM library does not declare the interface). */
interface Recognition {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  maxAlternatives: number;
  onresult: ((e: { resultIndex: number; results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionClass = new () => Recognition;

/** The browser's speech recognition, standard or prefixed (Chrome, Edge, Safari); none in Firefox. */
export function speechRecognition(): RecognitionClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

/** The recognition's errors (SpeechRecognitionErrorEvent.error) in plain Spanish; 'aborted' is our own stop. */
const ERRORS: Record<string, string> = {
  'not-allowed': 'Tu navegador no nos deja usar el micrófono. Permítelo en los ajustes del sitio para dictar, o escribe tu pregunta.',
  'service-not-allowed': 'Tu navegador no permite dictar en esta página. Escribe tu pregunta.',
  'no-speech': 'No te hemos oído. Pulsa el micrófono y habla cerca de él.',
  'audio-capture': 'No encontramos ningún micrófono. Conecta uno o escribe tu pregunta.',
  network: 'El dictado necesita conexión con el servicio de voz de tu navegador y no la hay. Escribe tu pregunta o inténtalo más tarde.',
  'language-not-supported': 'Tu navegador no puede dictar en español. Escribe tu pregunta.',
};
const OTHER = 'El dictado no funcionó. Inténtalo de nuevo o escribe tu pregunta.';

/**
 * Dictation into a text: `start(base)` keeps what was already written and adds what is heard, interim
 * words included (`onText` at each result); the recognition ends on its own after a silence, or on
 * `stop()`. One utterance per press (`continuous: false`), so a forgotten microphone does not listen on.
 */
export function useDictation(lang: string, onText: (text: string) => void) {
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<string>();
  const active = useRef<Recognition>(null);

  function start(base: string) {
    const Recognition = speechRecognition();
    if (!Recognition || active.current) return;
    const rec = new Recognition();
    rec.lang = lang;
    rec.interimResults = true;
    rec.continuous = false;
    rec.maxAlternatives = 1;
    const before = base.trimEnd() ? `${base.trimEnd()} ` : '';
    rec.onresult = (e) => {
      // Every result of this utterance so far, the final ones and the one still being heard.
      const heard = Array.from(e.results, (r) => r[0].transcript).join('');
      onText(`${before}${heard.trimStart()}`);
    };
    rec.onerror = (e) => {
      if (e.error !== 'aborted') setError(ERRORS[e.error] ?? OTHER);
    };
    rec.onend = () => {
      if (active.current === rec) active.current = null;
      setListening(false);
    };
    setError(undefined);
    try {
      rec.start();
    } catch {
      return setError(OTHER);
    }
    active.current = rec;
    setListening(true);
  }

  /** Stops listening; what was heard until now still arrives as a final result. */
  const stop = useCallback(() => active.current?.stop(), []);
  /** Stops listening and drops what has not arrived yet (the question is already on its way). */
  const cancel = useCallback(() => active.current?.abort(), []);

  // Leaving the panel ends the recognition without another result.
  useEffect(() => () => active.current?.abort(), []);

  return { listening, error, start, stop, cancel };
}
