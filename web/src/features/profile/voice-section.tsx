import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_NARRATION_VOICE, NARRATION_VOICES, type NarrationVoiceId } from '../../../../lambdas/contract/narration';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { narrationApi, narrationKeys } from '../narration';
import { profileApi } from './api';

const ACCENTS = ['España', 'México', 'Estados Unidos'] as const;
type Voice = (typeof NARRATION_VOICES)[number];

/**
 * "Voz de narración" in /profile (issue 26): the six neural voices grouped by accent, one radio
 * group, a sample of each ("Escuchar muestra": GET its link, play it in the section's one <audio>),
 * and "Guardar voz" (PUT /users/profile { voz }). The chosen voice reads the lessons and the tutor.
 */
export function VoiceSection() {
  const { user, setUser } = useAuth();
  const client = useQueryClient();
  const headingId = useId();
  const current = user?.voz ?? DEFAULT_NARRATION_VOICE;
  // Until the learner picks one, the profile's voice (which a later read of the profile may change).
  const [picked, setChosen] = useState<NarrationVoiceId>();
  const chosen = picked ?? current;
  const [saving, setSaving] = useState(false);
  const [loading, setLoading] = useState<NarrationVoiceId>();
  const [playing, setPlaying] = useState<NarrationVoiceId>();
  const [error, setError] = useState<string>();
  const audio = useRef<HTMLAudioElement>(null);
  if (!user) return null;

  async function sample(voice: Voice) {
    const el = audio.current!;
    if (playing === voice.id) {
      el.pause();
      return;
    }
    setError(undefined);
    setLoading(voice.id);
    try {
      // The same few seconds for everyone; its link lasts five minutes, so it is kept for four.
      const { audioUrl } = await client.fetchQuery({ queryKey: [...narrationKeys.all, 'muestra', voice.id], queryFn: () => narrationApi.sample(voice.id), staleTime: 240_000 });
      el.src = audioUrl;
      el.dataset.voz = voice.id;
      await el.play();
    } catch (err) {
      setError(errorMessage(err, `No pudimos reproducir la muestra de ${voice.nombre}.`));
    } finally {
      setLoading(undefined);
    }
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaving(true);
    try {
      const data = await profileApi.update({ voz: chosen });
      setUser(data.data);
      setChosen(undefined);
      notify.success('Voz guardada. Tus lecciones se leerán con ella.');
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo guardar la voz'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">Voz de narración</h2>
      <p className="mt-1 text-slate-600">La voz con la que te leemos las lecciones («Escuchar lección») y las respuestas del tutor.</p>
      <form className="mt-4" onSubmit={(e) => void onSubmit(e)}>
        <fieldset>
          <legend className="sr-only">Elige una voz</legend>
          <div className="grid gap-4 sm:grid-cols-3">
            {ACCENTS.map((acento) => (
              <fieldset key={acento} className="rounded-xl border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-700">{acento}</legend>
                <ul className="space-y-2">
                  {NARRATION_VOICES.filter((v) => v.acento === acento).map((v) => (
                    <li key={v.id} className="flex flex-wrap items-center justify-between gap-2">
                      <label className="flex cursor-pointer items-center gap-2 font-medium text-slate-900">
                        <input type="radio" name="voz" value={v.id} checked={chosen === v.id} onChange={() => setChosen(v.id)} className="h-4 w-4 accent-indigo-600" />
                        {v.nombre} <span className="text-sm font-normal text-slate-600">({v.genero})</span>
                      </label>
                      <Button
                        type="button"
                        variant="ghost"
                        className="!px-2 !py-1 text-sm"
                        busy={loading === v.id}
                        aria-label={playing === v.id ? `Detener la muestra de ${v.nombre}` : `Escuchar muestra de ${v.nombre} (${acento}, voz ${v.genero})`}
                        onClick={() => void sample(v)}
                      >
                        <span aria-hidden="true">{playing === v.id ? '■' : '▶'}</span> {playing === v.id ? 'Detener' : 'Escuchar muestra'}
                      </Button>
                    </li>
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </fieldset>
        {error && <p role="alert" className="mt-3 text-sm text-red-700">{error}</p>}
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button type="submit" busy={saving} disabled={chosen === current}>Guardar voz</Button>
          {chosen === current && <p className="text-sm text-slate-600">Voz actual: {NARRATION_VOICES.find((v) => v.id === current)?.nombre}</p>}
        </div>
      </form>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a few seconds of a voice saying a sample sentence; its button names the voice */}
      <audio
        ref={audio}
        data-testid="muestra-de-voz"
        onPlay={(e) => setPlaying(e.currentTarget.dataset.voz as NarrationVoiceId)}
        onPause={() => setPlaying(undefined)}
        onEnded={() => setPlaying(undefined)}
      />
    </section>
  );
}
