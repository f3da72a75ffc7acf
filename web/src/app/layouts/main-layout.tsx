import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { QueryProvider } from '../providers/query-provider';
import { Footer } from './footer';
import { Header } from './header';

/** SPEC §2 common layout shared by every protected route. */
export function MainLayout() {
  return (
    <QueryProvider>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <a href="#contenido" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2">
          Saltar al contenido
        </a>
        <Header />
        {/* At least a screen tall, so the footer starts below the fold and lazy pages never push it around (CLS). */}
        <main id="contenido" className="mx-auto min-h-[calc(100vh-3.5rem)] w-full max-w-6xl flex-1 px-4 py-5 sm:min-h-[calc(100vh-4rem)] sm:py-8">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </QueryProvider>
  );
}
