import { useState } from 'react';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { formatBytes, OFFLINE_BUDGET_BYTES } from './downloads';
import { OutboxNotice } from './outbox-notice';
import { useDownloadedCourses } from './use-downloads';
import { useOutbox } from './use-outbox';

// The course page's "Descargar para estudiar sin conexión" (issue 44 item 2), a chunk of its own loaded after
// the course: whether this course is on the device, its size, when it was copied, and the way to remove it.
// Offline it says the page shows that copy, and what waits in the outbox (sent from here when the connection
// returns: a self-check answered offline has no other screen to be sent from).

const when = (iso: string) => new Date(iso).toLocaleString('es', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

export default function DownloadPanel({ courseId }: { courseId: string }) {
  const { copies, download, remove } = useDownloadedCourses();
  const outbox = useOutbox();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean }>();
  const copy = copies?.find((c) => c.courseId === courseId);
  const offline = outbox.sinConexion;
  if (!copies) return null;

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

  return (
    <section aria-labelledby="sin-conexion-titulo" className="mt-4 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
      <h2 id="sin-conexion-titulo" className="sr-only">Estudiar sin conexión</h2>
      {copy ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="inline-flex items-center gap-1.5 font-semibold text-emerald-800"><span aria-hidden="true">✓</span><span>Disponible sin conexión</span></p>
          <p className="text-slate-700">{formatBytes(copy.bytes)} · descargado el {when(copy.descargadoEn)}</p>
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {!offline && <Button type="button" variant="ghost" busy={busy} onClick={() => void run(async () => `Descarga actualizada: ${formatBytes((await download(courseId)).bytes)}.`)}>Actualizar la descarga</Button>}
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void run(async () => {
              await remove(courseId);
              return 'Descarga quitada de este dispositivo.';
            })}>Quitar la descarga
            </Button>
          </div>
        </div>
      ) : (
        // One compact row above the lesson (at 390 px the lesson keeps the height): the button, then what it keeps.
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <Button type="button" variant="secondary" className="text-sm" busy={busy} disabled={offline} onClick={() => void run(async () => `Curso descargado: ${formatBytes((await download(courseId)).bytes)}. Ya puedes estudiarlo sin conexión.`)}>
            Descargar para estudiar sin conexión
          </Button>
          <p className="min-w-0 flex-1 basis-60 text-xs text-slate-600">
            Guarda en este dispositivo las lecciones, sus diagramas y autoevaluaciones, y los repasos pendientes. Tus cursos descargados ocupan como mucho {formatBytes(OFFLINE_BUDGET_BYTES)}{total ? ` (ahora ${formatBytes(total)})` : ''}.
          </p>
        </div>
      )}
      {offline && copy && <p className="mt-2 text-slate-700">Sin conexión ves la copia descargada el {when(copy.descargadoEn)}. Marcar una lección como completada necesita conexión.</p>}
      {message && <p role={message.error ? 'alert' : 'status'} className={`mt-2 ${message.error ? 'text-red-800' : 'text-emerald-800'}`}>{message.text}</p>}
      <OutboxNotice {...outbox} />
    </section>
  );
}
