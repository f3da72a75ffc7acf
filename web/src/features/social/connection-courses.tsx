import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { ConnectionEntry, SentCourse } from '../../../../lambdas/contract/social';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { socialApi } from './api';
import { socialKeys } from './query-keys';
import { SendConfirm } from './send-confirm';

// Issue 34: something to do with a connection. What they sent you (open it, copy it to your courses),
// what you sent them, and one of your finished courses to send. A course travels as its public share
// link (docs/social.md), so the note under the form says so and sending asks for a confirmation first.

const linkClass = 'font-semibold text-indigo-700 underline underline-offset-4 hover:text-indigo-900';
const small = 'px-3 py-1.5 text-sm';

function Received({ course, copying, onCopy }: { course: SentCourse; copying: boolean; onCopy: () => void }) {
  return (
    <li className="py-2">
      <p className="break-words font-medium text-slate-900">{course.titulo}</p>
      <p className="text-xs text-slate-600">{course.topic} · {course.nivel}</p>
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        {!course.disponible ? (
          <span className="text-xs text-slate-600">Ya no lo comparte: el enlace no está disponible.</span>
        ) : course.copia ? (
          <Link to={`/course/${course.copia}`} className={linkClass}>Abrir tu copia<span className="sr-only"> de {course.titulo}</span></Link>
        ) : (
          <>
            <Button type="button" className={small} busy={copying} onClick={onCopy}>Copiar a mis cursos<span className="sr-only"> «{course.titulo}»</span></Button>
            <Link to={course.url} className={linkClass}>Ver<span className="sr-only"> {course.titulo}</span></Link>
          </>
        )}
      </div>
    </li>
  );
}

export function ConnectionCourses({ entry, id }: { entry: ConnectionEntry; id: string }) {
  const { perfil } = entry;
  const client = useQueryClient();
  const key = socialKeys.courses(perfil.userId);
  const courses = useQuery({ queryKey: key, queryFn: () => socialApi.courses(perfil.userId) });
  const mine = useQuery({ queryKey: socialKeys.readyCourses(), queryFn: socialApi.readyCourses });
  const [chosen, setChosen] = useState('');
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [copying, setCopying] = useState<string | null>(null);
  const selectId = useId();
  const noteId = useId();
  const sendId = useId();

  const refresh = () => client.invalidateQueries({ queryKey: key });

  // "Enviar curso" only asks: the learner confirms after reading who can open the link (SendConfirm).
  function ask(e: FormEvent) {
    e.preventDefault();
    if (chosen) setConfirming(true);
  }
  function cancel() {
    setConfirming(false);
    document.getElementById(sendId)?.focus();
  }

  async function send() {
    if (!chosen) return;
    setSending(true);
    try {
      const res = await socialApi.sendCourse(perfil.userId, chosen);
      notify.success(res.message);
      setChosen('');
      setConfirming(false);
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos enviar el curso.'));
    } finally {
      setSending(false);
      await refresh();
    }
  }

  async function copy(shareId: string) {
    setCopying(shareId);
    try {
      const res = await socialApi.copyShared(shareId);
      notify.success(res.message);
      await client.invalidateQueries({ queryKey: socialKeys.readyCourses() });
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos copiar el curso.'));
    } finally {
      setCopying(null);
      await refresh();
    }
  }

  const data = courses.data;
  const chosenTitle = mine.data?.find((c) => c.courseId === chosen)?.titulo;
  return (
    // min-w-0: a flex item's automatic minimum would be a long course title's width, wider than a phone.
    <div id={id} className="mt-2 w-full min-w-0 basis-full space-y-4 rounded-xl bg-slate-50 p-3 text-sm">
      {courses.isError && !data ? (
        <p role="alert" className="text-red-900">{errorMessage(courses.error, 'No pudimos cargar los cursos.')}</p>
      ) : !data ? (
        <p role="status" className="text-slate-600">Cargando cursos…</p>
      ) : (
        <>
          <div>
            <h3 className="font-semibold text-slate-900">Te envió</h3>
            {data.recibidos.length ? (
              <ul className="divide-y divide-slate-200" aria-label={`Cursos que te envió ${perfil.nombre}`}>
                {data.recibidos.map((c) => <Received key={c.shareId} course={c} copying={copying === c.shareId} onCopy={() => void copy(c.shareId)} />)}
              </ul>
            ) : (
              <p className="text-slate-600">Todavía no te ha enviado ningún curso.</p>
            )}
          </div>
          {data.enviados.length > 0 && (
            <div>
              <h3 className="font-semibold text-slate-900">Le enviaste</h3>
              <ul className="mt-1 space-y-1" aria-label={`Cursos que enviaste a ${perfil.nombre}`}>
                {data.enviados.map((c) => (
                  <li key={c.shareId} className="break-words text-slate-800">
                    {c.titulo}
                    {!c.disponible && <span className="text-xs text-slate-600"> (dejaste de compartirlo)</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      <form onSubmit={ask}>
        <label htmlFor={selectId} className="block font-semibold text-slate-900">Enviarle uno de tus cursos</label>
        {mine.data && mine.data.length === 0 ? (
          <p className="mt-1 text-slate-600">
            Aún no tienes cursos terminados para enviar. <Link to="/generar" className={linkClass}>Crea uno</Link>
          </p>
        ) : (
          <>
            <div className="mt-1.5 flex flex-col gap-2">
              <select
                id={selectId}
                value={chosen}
                onChange={(e) => {
                  setChosen(e.target.value);
                  setConfirming(false);
                }}
                aria-describedby={noteId}
                className="w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 py-2 text-slate-900"
              >
                <option value="">Elige un curso</option>
                {(mine.data ?? []).map((c) => <option key={c.courseId} value={c.courseId}>{c.titulo}</option>)}
              </select>
              <Button id={sendId} type="submit" className={`${small} self-start`} disabled={!chosen || confirming}>Enviar curso</Button>
            </div>
            <p id={noteId} className="mt-1.5 text-xs text-slate-600">
              Se comparte con un enlace público: quien lo tenga podrá abrirlo sin iniciar sesión, leerlo y copiarlo.
            </p>
            {confirming && chosenTitle && <SendConfirm titulo={chosenTitle} to={perfil.nombre} busy={sending} onConfirm={() => void send()} onCancel={cancel} />}
          </>
        )}
      </form>
    </div>
  );
}
