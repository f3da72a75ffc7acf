import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AulaView } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { aulasApi, joinUrl } from './api';
import { AssignCourses } from './assign-courses';
import { AssignedList } from './assigned-list';
import { ConfirmBox } from '../../components/confirm-box';
import { aulaKeys } from './query-keys';

/** One aula its teacher runs: the code and link to send, members, what it studies, the group's page. */
export function AulaCard({ aula }: { aula: AulaView }) {
  const client = useQueryClient();
  const [assigning, setAssigning] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => aulasApi.remove(aula.aulaId),
    onSuccess: (message) => { notify.success(message); void client.invalidateQueries({ queryKey: aulaKeys.all }); },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos borrar el aula. Inténtalo de nuevo.')),
  });
  async function copy() {
    const url = joinUrl(aula.enlace);
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Enlace de invitación copiado');
    } catch {
      notify.error(`No se pudo copiar. Este es el enlace: ${url}`);
    }
  }
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{aula.nombre}</h3>
          <p className="text-sm text-slate-600">{aula.miembros} de {aula.maxMiembros} miembros</p>
        </div>
        <div className="text-left sm:text-right">
          <p className="text-xs font-medium uppercase text-slate-600">Código de invitación</p>
          <p className="font-mono text-xl font-bold tracking-widest text-slate-900" aria-label={`Código ${aula.codigo.split('').join(' ')}`}>{aula.codigo}</p>
          <Button type="button" variant="ghost" className="px-0 py-1 text-sm sm:px-2" onClick={() => void copy()}>Copiar enlace<span className="sr-only"> de «{aula.nombre}»</span></Button>
        </div>
      </div>
      <h4 className="mt-3 text-sm font-semibold text-slate-800">Cursos asignados</h4>
      {aula.cursos.length === 0
        ? <p className="text-sm text-slate-600">Ninguno todavía: asigna tus cursos para que tu grupo los estudie.</p>
        : <AssignedList cursos={aula.cursos} />}
      {assigning && <AssignCourses aula={aula} onDone={() => setAssigning(false)} />}
      {confirming ? (
        <ConfirmBox label={`Confirmar el borrado de «${aula.nombre}»`} yes={remove.isPending ? 'Borrando…' : 'Sí, borrar'} busy={remove.isPending} onYes={() => remove.mutate()} onCancel={() => setConfirming(false)}>
          ¿Borrar «{aula.nombre}»? Su código deja de servir y dejas de ver a su grupo. Cada miembro conserva sus cursos.
        </ConfirmBox>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={`/aulas/${aula.aulaId}`} className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">Ver el grupo<span className="sr-only"> de «{aula.nombre}»</span></Link>
          {!assigning && <Button type="button" variant="secondary" onClick={() => setAssigning(true)}>Asignar cursos</Button>}
          <button type="button" onClick={() => setConfirming(true)} className="rounded-lg px-4 py-2.5 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50">Borrar<span className="sr-only"> «{aula.nombre}»</span></button>
        </div>
      )}
    </li>
  );
}
