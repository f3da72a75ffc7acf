import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ProgressBar } from '../../components/progress-bar';
import { diplomadoApi } from './api';
import { diplomadoKeys } from './query-keys';

/** "Mis diplomados": the learner's programmes with their overall progress, for the dashboard. */
export function MyDiplomados() {
  const { data: list, isError } = useQuery({ queryKey: diplomadoKeys.list(), queryFn: diplomadoApi.list });
  const failed = isError && !list;

  return (
    <section aria-labelledby="mis-diplomados" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="mis-diplomados" className="text-xl font-bold text-slate-900">Mis diplomados</h2>
        <Link to="/diplomado/nuevo" className="font-semibold text-indigo-700 hover:underline">Crear un diplomado</Link>
      </div>
      {failed ? (
        <p className="mt-3 text-slate-700">No pudimos cargar tus diplomados.</p>
      ) : !list ? (
        <p className="mt-3 text-slate-600" aria-busy="true">Cargando tus diplomados...</p>
      ) : list.length === 0 ? (
        <p className="mt-3 text-slate-700">Aún no tienes diplomados. Un diplomado reúne de 3 a 6 cursos en un programa ordenado.</p>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {list.map((d) => (
            <li key={d.diplomadoId} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <Link to={`/diplomado/${d.diplomadoId}`} className="text-lg font-bold text-slate-900 hover:text-indigo-700">{d.titulo}</Link>
              <p className="mt-1 text-sm text-slate-600">{d.generados} de {d.cursos} cursos generados · nivel {d.nivel}</p>
              <ProgressBar className="mt-3" value={d.progreso.porcentaje} label={`Progreso de ${d.titulo}`} showValue />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
