import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useAuth } from '../providers/auth-provider';
import { UserMenu } from './user-menu';

const link = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-1.5 text-sm font-medium sm:px-3 ${isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:text-indigo-800'}`;

/** SPEC §2 header: logo to /dashboard, Inicio, Mis Cursos (signed in), Precios, and the session area. */
export function Header() {
  const { isAuthenticated, user } = useAuth();
  const premium = Boolean(user?.plan && user.plan.nombre !== 'gratuito');
  const ref = useStickyHeight();
  return (
    <header ref={ref} className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 sm:flex-nowrap">
        <Logo to="/dashboard" />
        {/* The links keep to one row that scrolls sideways when it must: wrapped, the header took three rows on a
            phone (185 of 844 px), and two at 1280 px with the tutor open beside the page. p-1 keeps focus rings unclipped. */}
        <nav aria-label="Principal" className="nav-scroll order-3 -mx-1 flex w-[calc(100%+0.5rem)] min-w-0 items-center gap-1 overflow-x-auto whitespace-nowrap p-1 sm:order-none sm:mx-0 sm:w-auto">
          <NavLink to="/" end className={link}>Inicio</NavLink>
          {isAuthenticated && <NavLink to="/dashboard" className={link}>Mis Cursos</NavLink>}
          {isAuthenticated && <NavLink to="/materiales" className={link}>Materiales</NavLink>}
          {isAuthenticated && <NavLink to="/aulas" className={link}>Aulas</NavLink>}
          {isAuthenticated && <NavLink to="/social" className={link}>Comunidad</NavLink>}
          <NavLink to="/changeplan" className={link}>Precios</NavLink>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {isAuthenticated && user ? (
            <>
              {premium && (
                <span title={`Plan ${user.plan?.nombre}`} className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900">
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4"><path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" /></svg>
                  <span>Premium</span>
                </span>
              )}
              <UserMenu nombre={user.nombre} />
            </>
          ) : (
            <>
              <NavLink to="/login" className="rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50">Iniciar Sesión</NavLink>
              <NavLink to="/register" className="rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-700">Registrarse</NavLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The header's real height as `--header-h` on the root, which `scroll-padding-top` reads (index.css): a
 * study link's `#seccion-…`, a suggestion or a focused field then lands below the sticky header at any
 * width, however many rows the header takes, with no guessed offset.
 */
function useStickyHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--header-h', `${Math.ceil(header.getBoundingClientRect().height)}px`);
    set();
    const observer = new ResizeObserver(set);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-h');
    };
  }, []);
  return ref;
}
