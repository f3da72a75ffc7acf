import { Link } from 'react-router-dom';

/** /payments/cancel: the learner left Checkout; nothing was charged and nothing changed. */
export default function CancelPage() {
  return (
    <section className="mx-auto max-w-xl text-center">
      <title>Pago cancelado · Mentora</title>
      <div className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-slate-200 sm:p-10">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Pago cancelado</h1>
        <p className="mt-2 text-slate-600">No se ha realizado ningún cargo y tu plan sigue igual. Puedes mejorar a Premium cuando quieras.</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/changeplan" className="rounded-lg bg-indigo-600 px-4 py-2.5 font-semibold text-white hover:bg-indigo-700">Ver los planes</Link>
          <Link to="/dashboard" className="rounded-lg border border-slate-300 px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">Volver a mis cursos</Link>
        </div>
      </div>
    </section>
  );
}
