import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AULA_NAME_MAX } from '../../../../lambdas/contract/aulas';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { aulasApi } from './api';
import { AulaCard } from './aula-card';
import { aulaKeys } from './query-keys';

/** The aulas the learner teaches: open one (premium), then each with its code, courses and group. */
export function TeacherAulas({ premium }: { premium: boolean }) {
  const { data } = useQuery({ queryKey: aulaKeys.mine(), queryFn: aulasApi.mine, staleTime: 0 });
  const aulas = data?.comoProfesor ?? [];
  if (!premium && !aulas.length) {
    return (
      <section aria-labelledby="aulas-profesor" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-amber-200 sm:p-6">
        <h2 id="aulas-profesor" className="text-lg font-semibold text-slate-900">Enseña a un grupo con Premium</h2>
        <p className="mt-2 text-slate-700">Con Premium creas aulas, asignas tus cursos a tu grupo y sigues el avance de cada miembro.</p>
        <Link to="/changeplan" className="mt-4 inline-flex rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">Ver planes y pasar a Premium</Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="aulas-profesor" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="aulas-profesor" className="text-lg font-semibold text-slate-900">Aulas que enseñas</h2>
      {premium && <NewAula />}
      {aulas.length === 0 && <p className="mt-3 text-sm text-slate-600">Aún no has creado ningún aula.</p>}
      {!!aulas.length && <ul className="mt-4 space-y-4">{aulas.map((a) => <AulaCard key={a.aulaId} aula={a} />)}</ul>}
    </section>
  );
}

function NewAula() {
  const client = useQueryClient();
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState('');
  const create = useMutation({
    mutationFn: (n: string) => aulasApi.create(n),
    onSuccess: (aula) => {
      notify.success(`Aula «${aula.nombre}» creada. Comparte su código con tu grupo.`);
      setNombre('');
      void client.invalidateQueries({ queryKey: aulaKeys.all });
    },
    onError: (err) => setError(errorMessage(err, 'No pudimos crear el aula. Inténtalo de nuevo.')),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!nombre.trim()) return setError('El nombre del aula es obligatorio');
    create.mutate(nombre.trim());
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3">
      <label htmlFor="nombre-aula" className="block text-sm font-medium text-slate-800">Nombre de la nueva aula</label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id="nombre-aula" value={nombre} maxLength={AULA_NAME_MAX} onChange={(e) => { setNombre(e.target.value); setError(''); }}
          aria-invalid={Boolean(error)} aria-describedby={error ? 'nombre-aula-error' : undefined} placeholder="Por ejemplo, Biología 3.º B"
          className="w-full rounded-lg border border-slate-300 px-3 py-2.5 sm:max-w-sm"
        />
        <Button type="submit" busy={create.isPending}>Crear aula</Button>
      </div>
      {error && <p id="nombre-aula-error" className="mt-2 text-sm text-red-700">{error}</p>}
    </form>
  );
}
