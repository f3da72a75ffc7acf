import { Link } from 'react-router-dom';

/** Placeholder body for screens whose feature has not landed yet: the title and "Próximamente". */
export function ComingSoon({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl">
      <title>{`${title} · Mentora`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-6 rounded-2xl border border-dashed border-indigo-200 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-indigo-700">Próximamente</p>
        <p className="mt-2 text-slate-600">{children ?? 'Estamos preparando esta sección. Vuelve muy pronto.'}</p>
        <Link to="/dashboard" className="mt-4 inline-block font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900">
          Volver a mis cursos
        </Link>
      </div>
    </section>
  );
}
