import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';

/** SPEC §2 auth layout: logo to "/", brand name, a white card, and the help line. */
export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center bg-gradient-to-br from-indigo-50 via-white to-violet-100 px-4 py-8 sm:py-12">
      <header className="mb-6 flex flex-col items-center text-center">
        <Logo to="/" />
        <p className="mt-2 max-w-xs text-sm text-slate-600">Aprende lo que quieras, cuando quieras, con tu mentor de IA.</p>
      </header>
      <main className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl shadow-indigo-100 ring-1 ring-slate-200 sm:p-8">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <p className="mt-6 text-sm text-slate-600">
        ¿Necesitas ayuda?{' '}
        <Link to="/contacto" className="font-medium text-indigo-700 underline-offset-4 hover:underline">
          Contáctanos
        </Link>
      </p>
    </div>
  );
}
