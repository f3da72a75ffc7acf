import { Link } from 'react-router-dom';

/** No courses yet: point to /generar. */
export function EmptyCourses() {
  return (
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
  );
}
