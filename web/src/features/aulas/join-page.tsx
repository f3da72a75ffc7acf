import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../../app/providers/auth-provider';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { rememberReturnPath } from '../../lib/return-path';
import { aulasApi } from './api';
import { aulaKeys } from './query-keys';

/** /aulas/unirse/:code: before joining, exactly what the teacher will see; the learner confirms. */
export default function JoinPage() {
  const { code = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const client = useQueryClient();
  // Each lookup counts against the learner's hourly allowance of codes: never retried, never refetched.
  const { data: preview, error, isPending } = useQuery({
    queryKey: aulaKeys.preview(code), queryFn: () => aulasApi.preview(code), retry: false, staleTime: Infinity, refetchOnWindowFocus: false, enabled: isAuthenticated,
  });
  const join = useMutation({
    mutationFn: () => aulasApi.join(code),
    onSuccess: (m) => {
      notify.success(`Te uniste a «${m.nombre}». Tus cursos del aula ya están en «Mis aulas».`);
      void client.invalidateQueries({ queryKey: aulaKeys.all });
      void navigate('/aulas');
    },
    onError: (err) => notify.error(errorMessage(err, 'No pudimos unirte al aula. Inténtalo de nuevo.')),
  });
  // Signing in or registering, the invitation is where the learner comes back (issue 34: only "Iniciar sesión" was offered).
  function accountFirst(to: '/login' | '/register') {
    rememberReturnPath(`/aulas/unirse/${code}`);
    void navigate(to);
  }
  if (!isAuthenticated) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Invitación a un aula</h1>
        <p className="mt-3 text-slate-700">Inicia sesión o crea tu cuenta para ver la invitación: antes de unirte verás exactamente qué podrá ver tu profesor.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button type="button" onClick={() => accountFirst('/login')}>Iniciar sesión para ver la invitación</Button>
          <Button type="button" variant="secondary" onClick={() => accountFirst('/register')}>Crear una cuenta</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Invitación a un aula</h1>
      {isPending && <p className="mt-4 text-slate-700">Cargando la invitación…</p>}
      {error && (
        <div className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-200">
          <p className="text-red-800">{errorMessage(error, 'No pudimos abrir esta invitación.')}</p>
          <Link to="/aulas" className="mt-3 inline-block font-semibold text-indigo-700 hover:underline">Volver a Mis aulas</Link>
        </div>
      )}
      {preview && (
        <section aria-labelledby="aula-invitacion" className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="aula-invitacion" className="text-xl font-semibold text-slate-900">{preview.nombre}</h2>
          <p className="text-slate-700">Profesor: {preview.profesor}</p>
          <h3 className="mt-4 font-semibold text-slate-900">Cursos del aula</h3>
          {preview.cursos.length
            ? <ul className="mt-1 list-disc pl-5 text-slate-800">{preview.cursos.map((c, i) => <li key={i}>{c.titulo}</li>)}</ul>
            : <p className="text-slate-700">Tu profesor aún no ha asignado cursos.</p>}
          <p className="mt-2 text-sm text-slate-700">Recibirás tu propia copia de cada curso: tu avance y tus evaluaciones son tuyos.</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <div className="rounded-xl bg-indigo-50 p-4">
              <h3 className="font-semibold text-indigo-950">Lo que verá tu profesor</h3>
              <ul className="mt-2 list-disc pl-5 text-sm text-indigo-950">{preview.compartes.map((s) => <li key={s}>{s}</li>)}</ul>
            </div>
            <div className="rounded-xl bg-slate-100 p-4">
              <h3 className="font-semibold text-slate-900">Lo que no verá</h3>
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-800">{preview.noCompartes.map((s) => <li key={s}>{s}</li>)}</ul>
            </div>
          </div>
          <p className="mt-3 text-sm text-slate-700">Puedes salir del aula cuando quieras; en ese momento tu profesor deja de ver tu avance.</p>
          {preview.yaEresMiembro && <p className="mt-4 font-medium text-slate-900">Ya eres miembro de esta aula.</p>}
          {!preview.yaEresMiembro && preview.completa && <p className="mt-4 font-medium text-red-800">El aula está completa: pide a tu profesor que libere un lugar.</p>}
          <div className="mt-5 flex flex-wrap gap-2">
            {!preview.yaEresMiembro && !preview.completa && <Button type="button" busy={join.isPending} onClick={() => join.mutate()}>Unirme al aula</Button>}
            <Link to="/aulas" className="rounded-lg px-4 py-2.5 font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50">{preview.yaEresMiembro ? 'Ir a Mis aulas' : 'Ahora no'}</Link>
          </div>
        </section>
      )}
    </div>
  );
}
