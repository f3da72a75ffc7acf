import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AulaView } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { aulasApi } from './api';
import { aulaKeys } from './query-keys';

/** The teacher ticks which of their written courses the aula studies. */
export function AssignCourses({ aula, onDone }: { aula: AulaView; onDone: () => void }) {
  const client = useQueryClient();
  const { data: courses, isError } = useQuery({ queryKey: aulaKeys.teacherCourses(), queryFn: aulasApi.myCourses, staleTime: 0 });
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(aula.cursos.map((c) => c.courseId)));
  const save = useMutation({
    mutationFn: () => aulasApi.assign(aula.aulaId, { cursos: [...chosen], diplomados: [] }),
    onSuccess: () => {
      notify.success('Cursos asignados. Los miembros ya pueden preparar sus copias.');
      void client.invalidateQueries({ queryKey: aulaKeys.all });
      onDone();
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos asignar los cursos. Inténtalo de nuevo.')),
  });
  const ready = courses?.filter((c) => c.estado === 'listo') ?? [];
  const toggle = (id: string) => setChosen((s) => { const n = new Set(s); if (n.has(id)) n.delete(id); else n.add(id); return n; });
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
                <input type="checkbox" checked={chosen.has(c.courseId)} onChange={() => toggle(c.courseId)} className="h-4 w-4" />
                {c.titulo}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit" className="py-2" busy={save.isPending}>Guardar cursos</Button>
        <Button type="button" variant="secondary" className="py-2" onClick={onDone}>Cancelar</Button>
      </div>
    </form>
  );
}
