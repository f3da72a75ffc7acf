import { Link } from 'react-router-dom';
import { DiplomadoForm } from './diplomado-form';

/** /diplomado/nuevo — the diplomado form on its own page (also a tab of /generar). */
export default function DiplomadoNewPage() {
  return (
    <section className="mx-auto max-w-2xl">
      <title>Nuevo diplomado · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Crea un diplomado</h1>
      <p className="mt-2 text-slate-700">
        Un programa de 3 a 6 cursos en orden, de los fundamentos a la práctica. Después generas cada curso cuando quieras, o todos a la vez.{' '}
        <Link to="/generar" className="font-semibold text-indigo-700 underline">¿Prefieres un solo curso?</Link>
      </p>
      <div className="mt-6">
        <DiplomadoForm />
      </div>
    </section>
  );
}
