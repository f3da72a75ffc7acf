import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { DEFAULT_NARRATION_VOICE, NARRATION_VOICES } from '../../../../lambdas/contract/narration';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { useMediaSession } from '../../lib/media-session';
import type { LessonKey } from './api';
import { positionKey, savedPosition, savePosition } from './position';
import { clock, SPEEDS, speedLabel, spokenClock } from './time-format';
import { useFollowAlong } from './use-follow-along';
import { useNarration } from './use-narration';

export interface NarrationPlayerProps {
  lesson: LessonKey;
  /** The lesson's and the course's titles, for the lock screen (Media Session). */
  titulo: string;
  curso: string;
  /** The rendered lesson, where the sentence being read is highlighted. */
  content: RefObject<HTMLElement | null>;
  onClose: () => void;
}

const SKIP = 15;
/** Fresh links asked in a row without the audio ever loading: past this the failure is not an expired link. */
const MAX_REFRESHES = 2;
const RATE_KEY = 'mentora.narracion.velocidad';

function savedRate(): number {
  try {
    const rate = Number(localStorage.getItem(RATE_KEY));
    return (SPEEDS as readonly number[]).includes(rate) ? rate : 1;
  } catch {
    return 1;
  }
}

/**
 * "Escuchar lección": a plain <audio> element (it keeps playing with the screen locked; no Web
 * Audio), play/pause, ±15 s, the speed, a seek bar, the position kept per lesson and voice, the lock
 * screen's controls, and the sentence being read highlighted in the lesson. Screen readers hear
 * the state changes (preparing, ready, playing, paused, speed, errors) once, never the clock.
 */
export function NarrationPlayer({ lesson, titulo, curso, content, onClose }: NarrationPlayerProps) {
  const { user } = useAuth();
  const voz = user?.voz ?? DEFAULT_NARRATION_VOICE;
  const voice = NARRATION_VOICES.find((v) => v.id === voz);
  const { view, marks, error, exhausted, refresh } = useNarration(lesson, voz);
  const audio = useRef<HTMLAudioElement>(null);
  const key = positionKey(lesson, voz);
  /** Where the audio was last: survives a new link (the element reloads from 0). */
  const [resumeAt] = useState(() => savedPosition(key));
  const last = useRef({ time: resumeAt, duration: NaN, playing: false, savedAt: 0 });
  const refreshes = useRef(0);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(resumeAt);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(savedRate);
  const [announce, setAnnounce] = useState('');
  const [broken, setBroken] = useState(false);
  const follow = useFollowAlong(content, marks);
  const region = useRef<HTMLElement>(null);
  // Opened by "Escuchar lección": the learner (and a screen reader) lands on the player.
  useEffect(() => region.current?.focus({ preventScroll: true }), []);
  const ready = view?.estado === 'lista' && view.audioUrl !== undefined;

  const say = (message: string) => setAnnounce(message);
  const play = useCallback(() => void audio.current?.play().catch(() => undefined), []);
  const pause = useCallback(() => audio.current?.pause(), []);
  const skip = useCallback((seconds: number) => {
    const el = audio.current;
    if (!el) return;
    const end = Number.isFinite(el.duration) ? el.duration : Infinity;
    el.currentTime = Math.min(Math.max(0, el.currentTime + seconds), end);
  }, []);
  useMediaSession(ready, { title: titulo, album: curso }, { play, pause, skip }, playing);

  const save = (force = false) => {
    const el = audio.current;
    if (!el) return;
    last.current.time = el.currentTime;
    // Every few seconds while playing; at once on pause, a jump or leaving.
    if (force || Math.abs(el.currentTime - last.current.savedAt) >= 5) {
      savePosition(key, el.currentTime, el.duration);
      last.current.savedAt = el.currentTime;
    }
  };

  // Leaving the lesson (or closing the player) keeps the position.
  useEffect(() => {
    // The same object the audio's events keep up to date (the <audio> itself may not exist yet here).
    const position = last.current;
    return () => {
      if (Number.isFinite(position.duration)) savePosition(key, position.time, position.duration);
    };
  }, [key]);

  const onLoaded = () => {
    const el = audio.current!;
    setDuration(el.duration);
    last.current.duration = el.duration;
    el.defaultPlaybackRate = rate;
    el.playbackRate = rate;
    const resume = last.current.time;
    if (resume > 0 && (!Number.isFinite(el.duration) || resume < el.duration - 2)) el.currentTime = resume;
    if (refreshes.current === 0) say(resume > 0 ? `Audio listo. Continúa donde lo dejaste, en ${spokenClock(resume)}.` : 'Audio listo.');
    else if (last.current.playing) play();
    refreshes.current = 0;
    setBroken(false);
  };

  const onError = () => {
    // The five-minute link expired (or the network dropped): fresh links, same place, playing if it was.
    if (refreshes.current < MAX_REFRESHES) {
      refreshes.current++;
      void refresh();
      return;
    }
    setBroken(true);
    say('No pudimos reproducir el audio.');
  };

  const changeRate = (next: number) => {
    setRate(next);
    if (audio.current) {
      audio.current.defaultPlaybackRate = next;
      audio.current.playbackRate = next;
    }
    try {
      localStorage.setItem(RATE_KEY, String(next));
    } catch {
      // The speed is still applied; it is just not remembered.
    }
    say(`Velocidad ${speedLabel(next)}`);
  };

  const retry = () => {
    refreshes.current = 0;
    setBroken(false);
    void refresh();
  };

  return (
    <section ref={region} tabIndex={-1} aria-label="Reproductor de la lección" className="sticky bottom-2 z-10 mt-6 rounded-2xl bg-white/95 p-3 shadow-lg ring-1 ring-indigo-200 outline-none backdrop-blur sm:p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Escuchar lección</span>
          {voice && <> · Voz: {voice.nombre} ({voice.acento})</>}
        </p>
        <button type="button" aria-label="Cerrar reproductor" title="Cerrar reproductor" onClick={onClose}
          className="-my-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900">
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      <p aria-live="polite" className="sr-only">{announce || (view?.estado === 'generando' ? 'Preparando el audio…' : '')}</p>

      {error ? (
        <div role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-red-900">
          <p>{error}</p>
          {!exhausted && <Button type="button" variant="secondary" className="mt-2" onClick={retry}>Reintentar</Button>}
        </div>
      ) : view?.estado === 'error' || broken ? (
        <div role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-red-900">
          <p>{broken ? 'No pudimos reproducir el audio de esta lección.' : 'No pudimos preparar el audio de esta lección.'}</p>
          <Button type="button" variant="secondary" className="mt-2" onClick={retry}>Reintentar</Button>
        </div>
      ) : !ready ? (
        <div className="mt-3 flex items-center gap-3 text-slate-700">
          <Spinner size="sm" />
          <div>
            <p className="font-medium">Preparando el audio…</p>
            {view && <p className="text-sm text-slate-600">Dura unos {Math.max(1, Math.round(view.minutos))} min. Empezará aquí en cuanto esté listo.</p>}
          </div>
        </div>
      ) : null}

      {ready && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- what it reads is the lesson's text, on the page with the sentence being read highlighted
        <audio
          ref={audio}
          src={view.audioUrl}
          preload="metadata"
          onLoadedMetadata={onLoaded}
          onDurationChange={(e) => setDuration(e.currentTarget.duration)}
          onTimeUpdate={(e) => {
            setTime(e.currentTarget.currentTime);
            follow.at(e.currentTarget.currentTime);
            save();
          }}
          onPlay={() => {
            setPlaying(true);
            last.current.playing = true;
            say('Reproduciendo');
          }}
          onPause={() => {
            setPlaying(false);
            last.current.playing = false;
            save(true);
            say('En pausa');
          }}
          onSeeked={() => save(true)}
          onEnded={() => say('Fin de la lección')}
          onError={onError}
        />
      )}

      {ready && !broken && (
        <div className="mt-2 space-y-2 sm:mt-3 sm:space-y-3">
          <div className="flex items-center gap-2 sm:gap-3">
            <span className="w-11 text-right text-sm tabular-nums text-slate-700 sm:w-14">{clock(time)}</span>
            <input
              type="range"
              aria-label="Posición del audio"
              aria-valuetext={`${spokenClock(time)} de ${spokenClock(duration)}`}
              min={0}
              max={Number.isFinite(duration) && duration > 0 ? duration : 0}
              step={1}
              value={Math.min(time, Number.isFinite(duration) ? duration : time)}
              onChange={(e) => {
                const to = Number(e.currentTarget.value);
                setTime(to);
                if (audio.current) audio.current.currentTime = to;
              }}
              className="h-2 min-w-0 flex-1 cursor-pointer accent-indigo-600"
            />
            <span className="w-11 text-sm tabular-nums text-slate-700 sm:w-14">{clock(duration)}</span>
          </div>
          <div className="flex flex-wrap items-center gap-1.5 whitespace-nowrap sm:gap-2">
            <Button type="button" variant="secondary" className="!px-2 sm:!px-4" aria-label={`Retroceder ${SKIP} segundos`} onClick={() => skip(-SKIP)}>
              <span aria-hidden="true">↺</span> 15<span className="hidden sm:inline"> s</span>
            </Button>
            <Button type="button" className="!px-2.5 sm:min-w-32 sm:!px-4" onClick={() => (playing ? pause() : play())}>
              <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span> {playing ? 'Pausar' : 'Reproducir'}
            </Button>
            <Button type="button" variant="secondary" className="!px-2 sm:!px-4" aria-label={`Avanzar ${SKIP} segundos`} onClick={() => skip(SKIP)}>
              15<span className="hidden sm:inline"> s</span> <span aria-hidden="true">↻</span>
            </Button>
            {/* On a phone the speed takes its own row under the buttons; beside them from sm up. */}
            <label className="flex w-full items-center gap-2 text-sm font-medium text-slate-800 sm:ml-auto sm:w-auto">
              Velocidad
              <select
                value={rate}
                onChange={(e) => changeRate(Number(e.currentTarget.value))}
                className="rounded-lg border border-slate-300 bg-white py-2 pl-2 pr-1 text-slate-900"
              >
                {SPEEDS.map((s) => <option key={s} value={s}>{speedLabel(s)}</option>)}
              </select>
            </label>
          </div>
          {!follow.following && (
            <Button type="button" variant="ghost" className="!px-3 !py-1.5 text-sm" onClick={follow.follow}>Seguir lectura</Button>
          )}
        </div>
      )}
    </section>
  );
}
