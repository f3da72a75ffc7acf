import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CourseDetail } from '../../../../lambdas/contract/courses';
import { DEFAULT_NARRATION_VOICE } from '../../../../lambdas/contract/narration-voices';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { courseKeys } from '../../lib/course-keys';
import { errorMessage } from '../../lib/error-message';
import { formatBytes, OFFLINE_BUDGET_BYTES } from './downloads';
import { narratedLessons } from './lesson-audio';
import { OutboxNotice } from './outbox-notice';
import { useDownloadedCourses } from './use-downloads';
import { useOutbox } from './use-outbox';

// The course page's "Descargar para estudiar sin conexión" (issue 44 item 2), a chunk of its own loaded after
// the course: whether this course is on the device, its size, when it was copied, and the way to remove it.
// Offline it says the page shows that copy, and what waits in the outbox (sent from here when the connection
// returns: a self-check answered offline has no other screen to be sent from).

const when = (iso: string) => new Date(iso).toLocaleString('es', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

const lessons = (n: number) => (n === 1 ? '1 lección' : `${n} lecciones`);

/**
 * "Incluir el audio de las lecciones ya narradas": which lessons have audio in the learner's voice and about how
 * much it weighs, asked only once the learner ticks it (one GET per lesson), said before anything is downloaded.
 */
function useAudioOption(courseId: string, wanted: boolean, offline: boolean) {
  const voz = useAuth().user?.voz ?? DEFAULT_NARRATION_VOICE;
  const curso = useQueryClient().getQueryData<CourseDetail>(courseKeys.detail(courseId));
  const query = useQuery({
    queryKey: ['sin-conexion', 'audio', courseId, voz],
    queryFn: () => narratedLessons(curso!, voz),
    enabled: wanted && !offline && !!curso,
    staleTime: 60_000,
  });
  const found = query.data;
  return { voz, line: query.error ? errorMessage(query.error, 'No pudimos saber qué lecciones tienen audio.') : audioLine(found) };
}

function audioLine(found: { estimado: number }[] | undefined): string {
  if (!found) return 'Buscando el audio de las lecciones…';
  if (!found.length) return 'Ninguna lección de este curso tiene audio todavía: escucha una lección con conexión y podrás descargar su audio.';
  const estimate = found.reduce((n, l) => n + l.estimado, 0);
  return `Audio de ${lessons(found.length)} ya ${found.length === 1 ? 'narrada' : 'narradas'}: unos ${formatBytes(estimate)} (estimado por la longitud del texto).`;
}

export default function DownloadPanel({ courseId }: { courseId: string }) {
  const { copies, download, remove } = useDownloadedCourses();
  const outbox = useOutbox();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const copy = copies?.find((c) => c.courseId === courseId);
  const offline = outbox.sinConexion;
  // Ticked by the learner, else as the copy on the device was made (an update keeps what it kept).
  const [ticked, setTicked] = useState<boolean>();
  const withAudio = ticked ?? !!copy?.audio;
  const audio = useAudioOption(courseId, withAudio, offline);
  if (!copies) return null;
  const voz = withAudio ? audio.voz : undefined;
  const withWhat = (c: { audio?: { ids: string[] } }) => (c.audio ? `, con el audio de ${lessons(c.audio.ids.length)}` : '');
  const option = !offline && (
    <div className="basis-full text-xs text-slate-700">
      <label className="inline-flex items-center gap-2">
        <input type="checkbox" className="h-4 w-4 rounded border-slate-400" checked={withAudio} onChange={(e) => setTicked(e.target.checked)} disabled={busy} />
        Incluir el audio de las lecciones ya narradas
      </label>
      {withAudio && <p className="mt-1 text-slate-600">{audio.line}</p>}
    </div>
  );

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setMessage(undefined);
    try {
      setMessage({ text: await action() });
    } catch (err) {
      setMessage({ text: errorMessage(err, 'No pudimos descargar el curso. Inténtalo de nuevo.'), error: true });
    } finally {
      setBusy(false);
    }
  };
  const total = copies.reduce((n, c) => n + c.bytes, 0);
  const first = () => void run(async () => {
    const made = await download(courseId, voz);
    return `Curso descargado: ${formatBytes(made.bytes)}${withWhat(made)}. Ya puedes estudiarlo sin conexión.`;
  });
  const refresh = () => void run(async () => {
    const updated = await download(courseId, voz);
    return `Descarga actualizada: ${formatBytes(updated.bytes)}${withWhat(updated)}.`;
  });

  return (
    <section aria-labelledby="sin-conexion-titulo" className="mt-4 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <h2 id="sin-conexion-titulo" className="sr-only">Estudiar sin conexión</h2>
      {copy ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="inline-flex items-center gap-1.5 font-semibold text-emerald-800"><span aria-hidden="true">✓</span><span>Disponible sin conexión</span></p>
          <p className="text-slate-700">{formatBytes(copy.bytes)}{withWhat(copy)} · descargado el {when(copy.descargadoEn)}</p>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {!offline && <Button type="button" variant="ghost" busy={busy} onClick={refresh}>Actualizar la descarga</Button>}
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void run(async () => {
              await remove(courseId);
              return 'Descarga quitada de este dispositivo.';
            })}>Quitar la descarga
            </Button>
          </div>
          {option}
        </div>
      ) : (
        // One compact row above the lesson (at 390 px the lesson keeps the height): the button, then what it keeps.
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Button type="button" variant="secondary" className="text-sm" busy={busy} disabled={offline} onClick={first}>
            Descargar para estudiar sin conexión
          </Button>
          <p className="min-w-0 flex-1 basis-60 text-xs text-slate-600">
            Guarda en este dispositivo las lecciones, sus diagramas y autoevaluaciones, y los repasos pendientes. Tus cursos descargados ocupan como mucho {formatBytes(OFFLINE_BUDGET_BYTES)}{total ? ` (ahora ${formatBytes(total)})` : ''}.
          </p>
          {option}
        </div>
      )}
      {offline && copy && <p className="mt-2 text-slate-700">Sin conexión ves la copia descargada el {when(copy.descargadoEn)}. Si marcas una lección como completada, se guarda en este dispositivo y se envía cuando vuelva la conexión.</p>}
      {message && <p role={message.error ? 'alert' : 'status'} className={`mt-2 ${message.error ? 'text-red-800' : 'text-emerald-800'}`}>{message.text}</p>}
      <OutboxNotice {...outbox} />
    </section>
  );
}
