import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { tutorApi } from './api';

// A tutor answer read aloud (issue 26, docs/tutor.md "Voz"): the server synthesizes the answer named by
// its `fecha` in the learner's voice and hands back a short-lived link to the MP3. One plain <audio>
// element serves the whole conversation, so starting another answer stops the first, and the phone's
// lock screen shows what plays (Media Session).

export type SpokenPhase = 'cargando' | 'sonando';

const FAILED = 'No pudimos leer esta respuesta en voz alta. Inténtalo de nuevo.';
const BLOCKED = 'Tu navegador no dejó reproducir el audio. Pulsa de nuevo «Escuchar respuesta».';
const BROKEN = 'No pudimos reproducir el audio de esta respuesta. Inténtalo de nuevo.';

function announce(playing: boolean) {
  const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
  if (!session) return;
  if (playing && typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata({ title: 'Respuesta del tutor', artist: 'Mentora' });
  session.playbackState = playing ? 'playing' : 'none';
}

/** The panel's player: which answer sounds or loads, each answer's error, and the element to render. */
export function useSpokenAnswer(courseId: string) {
  const audio = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState<{ fecha: string; phase: SpokenPhase }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The last press: an answer that arrives after another press is dropped. */
  const press = useRef(0);

  const fail = (fecha: string, message: string) => setErrors((e) => ({ ...e, [fecha]: message }));

  function stop() {
    press.current += 1;
    const el = audio.current;
    if (el?.getAttribute('src')) {
      el.pause();
      el.removeAttribute('src');
    }
    setCurrent(undefined);
    announce(false);
  }

  /** Plays an answer; pressed again while it loads or sounds, stops it. */
  async function toggle(fecha: string) {
    if (current?.fecha === fecha) return stop();
    stop();
    const mine = press.current;
    setErrors(({ [fecha]: _, ...rest }) => rest);
    setCurrent({ fecha, phase: 'cargando' });
    let url: string;
    try {
      url = (await tutorApi.speak(courseId, fecha)).audioUrl;
    } catch (err) {
      if (press.current !== mine) return;
      setCurrent(undefined);
      return fail(fecha, errorMessage(err, FAILED));
    }
    const el = audio.current;
    if (press.current !== mine || !el) return;
    el.src = url;
    try {
      await el.play();
    } catch {
      if (press.current !== mine) return;
      setCurrent(undefined);
      return fail(fecha, BLOCKED);
    }
    if (press.current !== mine) return;
    setCurrent({ fecha, phase: 'sonando' });
    announce(true);
  }

  // Closing the panel removes the element; a detached <audio> would go on playing.
  useEffect(() => {
    const el = audio.current;
    return () => {
      if (el?.getAttribute('src')) el.pause();
    };
  }, []);

  const audioProps = {
    ref: audio,
    preload: 'none' as const,
    onEnded: () => stop(),
    onError: () => {
      // An error with no source is our own stop() clearing it.
      if (!current || !audio.current?.getAttribute('src')) return;
      const { fecha } = current;
      stop();
      fail(fecha, BROKEN);
    },
  };
  return { current, errors, toggle, audioProps };
}
