import { Link } from 'react-router';
import { useAuth } from '../../app/providers/auth-provider';

/** The learner's home: a welcome and, until courses exist, an invitation to create the first one. */
export default function DashboardPage() {
  const { user } = useAuth();
  const nombre = user?.nombre?.split(' ')[0] ?? '';
  return (
    <section>
      <title>Mis cursos · Mentora</title>
      <div className="rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-lg sm:p-10">
        <p className="text-sm font-medium text-indigo-100">Tu club para entrenar la mente</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-4xl">¡Hola{nombre ? `, ${nombre}` : ''}!</h1>
        <p className="mt-2 max-w-xl text-indigo-50">Aprende lo que quieras, cuando quieras. Tu mentor de IA prepara cada curso a tu medida.</p>
        <Link to="/generar" className="mt-6 inline-flex items-center gap-2 rounded-xl bg-white px-5 py-3 font-semibold text-indigo-700 shadow hover:bg-indigo-50">
          Crear un curso
        </Link>
      </div>
      <h2 id="mis-cursos" className="mt-10 text-xl font-bold text-slate-900">Mis cursos</h2>
      <div className="mt-4 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <svg aria-hidden="true" viewBox="0 0 64 64" className="h-16 w-16 text-indigo-300">
          <path fill="currentColor" d="M8 14a4 4 0 0 1 4-4h14c3 0 5 1.5 6 3 1-1.5 3-3 6-3h14a4 4 0 0 1 4 4v34a2 2 0 0 1-2 2H38c-3 0-5 1.5-6 3-1-1.5-3-3-6-3H10a2 2 0 0 1-2-2V14z" opacity=".35" />
          <path fill="currentColor" d="M31 16h2v34h-2z" />
        </svg>
        <p className="mt-4 text-lg font-semibold text-slate-900">Aún no tienes cursos</p>
        <p className="mt-1 max-w-md text-slate-600">Dinos qué quieres aprender y a qué nivel: generaremos un curso con módulos, lecciones y evaluaciones.</p>
        <Link to="/generar" className="mt-6 rounded-xl bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
          Generar mi primer curso
        </Link>
      </div>
    </section>
  );
}
