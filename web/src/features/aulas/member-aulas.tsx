import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MembershipView } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { aulasApi } from './api';
import { ConfirmBox } from '../../components/confirm-box';
import { aulaKeys } from './query-keys';

/** The aulas the learner is in: their own copies of the assigned courses, and leaving at any time. */
export function MemberAulas() {
  const { data, isError } = useQuery({ queryKey: aulaKeys.mine(), queryFn: aulasApi.mine, staleTime: 0 });
  const aulas = data?.comoMiembro;
  return (
    <section aria-labelledby="aulas-miembro" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="aulas-miembro" className="text-lg font-semibold text-slate-900">Aulas en las que estás</h2>
      {isError && !data && <p className="mt-3 text-sm text-red-700">No pudimos cargar tus aulas. Recarga la página para intentarlo de nuevo.</p>}
      {aulas?.length === 0 && <p className="mt-3 text-sm text-slate-600">Todavía no estás en ningún aula. Pide el código a tu profesor.</p>}
      {!!aulas?.length && <ul className="mt-4 space-y-4">{aulas.map((a) => <MemberAula key={a.aulaId} aula={a} />)}</ul>}
    </section>
  );
}

function MemberAula({ aula }: { aula: MembershipView }) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: aulaKeys.all });
  const leave = useMutation({
    mutationFn: () => aulasApi.leave(aula.aulaId),
    onSuccess: (message) => { notify.success(message); void refresh(); },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos sacarte del aula. Inténtalo de nuevo.')),
  });
  const copies = useMutation({
    mutationFn: () => aulasApi.copies(aula.aulaId),
    onSuccess: () => void refresh(),
    onError: (err) => notify.error(errorMessage(err, 'No pudimos preparar tus cursos. Inténtalo de nuevo.')),
  });
  const missing = aula.cursos.some((c) => !c.miCurso);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="font-semibold text-slate-900">{aula.nombre}</h3>
          <p className="text-sm text-slate-600">Profesor: {aula.profesor}</p>
        </div>
        {!confirming && <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>Salir del aula<span className="sr-only"> «{aula.nombre}»</span></Button>}
      </div>
      {confirming && (
        <ConfirmBox label={`Confirmar la salida de «${aula.nombre}»`} yes={leave.isPending ? 'Saliendo…' : 'Sí, salir'} busy={leave.isPending} onYes={() => leave.mutate()} onCancel={() => setConfirming(false)}>
          ¿Salir de «{aula.nombre}»? {aula.profesor} dejará de ver tu avance en ese mismo momento. Tus cursos siguen siendo tuyos.
        </ConfirmBox>
      )}
      {aula.cursos.length === 0 && <p className="mt-3 text-sm text-slate-600">Tu profesor aún no ha asignado cursos.</p>}
      <ul className="mt-3 space-y-2">
        {aula.cursos.map((c) => (
          <li key={c.courseId} className="flex flex-wrap items-center justify-between gap-2 text-slate-800">
            <span>{c.titulo}</span>
            {c.miCurso
              ? <Link to={`/course/${c.miCurso}`} className="text-sm font-semibold text-indigo-700 hover:underline">Estudiar<span className="sr-only"> {c.titulo}</span></Link>
              : <span className="text-sm text-slate-600">Aún no tienes tu copia</span>}
          </li>
        ))}
      </ul>
      {missing && <Button type="button" className="mt-3" busy={copies.isPending} onClick={() => copies.mutate()}>Preparar mis cursos</Button>}
    </li>
  );
}
