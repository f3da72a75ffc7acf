import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AulaView } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { diplomadoApi, diplomadoKeys } from '../diplomado';
import { aulasApi } from './api';
import { aulaKeys } from './query-keys';

const toggled = (s: Set<string>, id: string) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; };

/** The teacher ticks which of their written courses, and which of their diplomados, the aula studies. */
export function AssignCourses({ aula, onDone }: { aula: AulaView; onDone: () => void }) {
  const client = useQueryClient();
  const { data: courses, isError } = useQuery({ queryKey: aulaKeys.teacherCourses(), queryFn: aulasApi.myCourses, staleTime: 0 });
  // The dashboard's list, same cache; a teacher without diplomados (or whose list fails) is told nothing about them.
  const { data: diplomados } = useQuery({ queryKey: diplomadoKeys.list(), queryFn: diplomadoApi.list });
  // A course that came with a diplomado stays with it: it is ticked through its diplomado, not on its own.
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(aula.cursos.filter((c) => !c.diplomado).map((c) => c.courseId)));
  const [chosenDiplomados, setChosenDiplomados] = useState<Set<string>>(() => new Set(aula.cursos.flatMap((c) => (c.diplomado ? [c.diplomado.diplomadoId] : []))));
  // Issue 31: members' copies stay private unless the teacher lets them share them by link.
  const [shareable, setShareable] = useState(aula.permiteCompartir === true);
  const save = useMutation({
    // `vistos`: what this form was opened on, so that a course added meanwhile (from the LMS) is kept, not dropped.
    mutationFn: () => aulasApi.assign(aula.aulaId, { cursos: [...chosen], diplomados: [...chosenDiplomados], permiteCompartir: shareable, vistos: aula.cursos.map((c) => c.courseId) }),
    onSuccess: () => {
      notify.success('Cursos asignados. Los miembros ya pueden preparar sus copias.');
      void client.invalidateQueries({ queryKey: aulaKeys.all });
      onDone();
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos asignar los cursos. Inténtalo de nuevo.')),
  });
  const ready = courses?.filter((c) => c.estado === 'listo') ?? [];
  // A diplomado none of whose courses was started would assign nothing.
  const assignable = diplomados?.filter((d) => d.generados > 0 || chosenDiplomados.has(d.diplomadoId)) ?? [];
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate();
  }
  return (
    <form onSubmit={submit} className="mt-3 rounded-xl bg-slate-50 p-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Tus cursos listos</legend>
        {isError && <p className="mt-2 text-sm text-red-700">No pudimos cargar tus cursos.</p>}
        {courses && !ready.length && <p className="mt-2 text-sm text-slate-600">Aún no tienes cursos listos para asignar.</p>}
        <ul className="mt-2 space-y-1">
          {ready.map((c) => (
            <li key={c.courseId}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={chosen.has(c.courseId)} onChange={() => setChosen((s) => toggled(s, c.courseId))} className="h-4 w-4" />
                {c.titulo}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {!!assignable.length && (
        <fieldset className="mt-3" aria-describedby={`diplomados-${aula.aulaId}-ayuda`}>
          <legend className="text-sm font-semibold text-slate-900">Tus diplomados</legend>
          <p id={`diplomados-${aula.aulaId}-ayuda`} className="mt-1 text-sm text-slate-600">Un diplomado asigna sus cursos ya escritos; los que aún se escriben llegan cuando vuelvas a guardar.</p>
          <ul className="mt-2 space-y-1">
            {assignable.map((d) => (
              <li key={d.diplomadoId}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" checked={chosenDiplomados.has(d.diplomadoId)} onChange={() => setChosenDiplomados((s) => toggled(s, d.diplomadoId))} className="h-4 w-4" />
                  <span>{d.titulo} <span className="text-slate-600">({d.generados} de {d.cursos} cursos generados)</span></span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={shareable} onChange={() => setShareable((v) => !v)} className="mt-0.5 h-4 w-4" aria-describedby={`compartir-${aula.aulaId}-ayuda`} />
        <span>
          Permitir que los miembros compartan sus copias con un enlace público
          <span id={`compartir-${aula.aulaId}-ayuda`} className="block text-slate-600">Si no lo marcas, las copias de tus cursos solo las ve cada miembro.</span>
        </span>
      </label>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" className="py-2" busy={save.isPending}>Guardar cursos</Button>
        <Button type="button" variant="secondary" className="py-2" onClick={onDone}>Cancelar</Button>
      </div>
    </form>
  );
}
