import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { useMediaSession } from '../../lib/media-session';
import { tutorApi } from './api';

// A tutor answer read aloud (issue 26, docs/tutor.md "Voz"): the server synthesizes the answer named by
// its `fecha` in the learner's voice and hands back a short-lived link to the MP3. One plain <audio>
// element serves the whole conversation, so starting another answer stops the first, and the phone's
// lock screen shows what plays and can stop it (Media Session, lib/media-session.ts).

export type SpokenPhase = 'cargando' | 'sonando';

const FAILED = 'No pudimos leer esta respuesta en voz alta. Inténtalo de nuevo.';
const BLOCKED = 'Tu navegador no dejó reproducir el audio. Pulsa de nuevo «Escuchar respuesta».';
const BROKEN = 'No pudimos reproducir el audio de esta respuesta. Inténtalo de nuevo.';

/** The panel's player: which answer sounds or loads, each answer's error, and the element to render. */
export function useSpokenAnswer(courseId: string) {
  const audio = useRef<HTMLAudioElement>(null);
  const [current, setCurrent] = useState<{ fecha: string; phase: SpokenPhase }>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** The last press: an answer that arrives after another press is dropped. */
  const press = useRef(0);

  const fail = (fecha: string, message: string) => setErrors((e) => ({ ...e, [fecha]: message }));

  const stop = useCallback(() => {
    press.current += 1;
    const el = audio.current;
    if (el?.getAttribute('src')) {
      el.pause();
      el.removeAttribute('src');
    }
    setCurrent(undefined);
  }, []);
  const resume = useCallback(() => void audio.current?.play().catch(() => undefined), []);
  // The lock screen shows what plays; its pause (or a headset's) stops the answer, as "Detener" does.
  const sounding = current?.phase === 'sonando';
  useMediaSession(sounding, { title: 'Respuesta del tutor' }, { play: resume, pause: stop }, sounding);

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
