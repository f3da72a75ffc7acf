import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { useAuth } from '../providers/auth-provider';
import { useNavMenu } from './use-nav-menu';
import { UserMenu } from './user-menu';

const link = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2.5 text-base font-medium sm:px-3 sm:py-1.5 sm:text-sm ${isActive ? 'bg-indigo-50 text-indigo-800' : 'text-slate-700 hover:text-indigo-800'}`;

/**
 * SPEC §2 header: logo to /dashboard, Inicio, Mis Cursos (signed in), Precios, and the session area.
 * On a phone it is one slim row (issue 44: two rows took 109 of 844 px): the links move into "Menú", a
 * panel under the row; from `sm` up they sit inline between the logo and the session area.
 */
export function Header() {
  const { isAuthenticated, user } = useAuth();
  const premium = Boolean(user?.plan && user.plan.nombre !== 'gratuito');
  const ref = useStickyHeight();
  const { open, id, buttonRef, toggle, close } = useNavMenu(ref);
  return (
    <header ref={ref} className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2 sm:gap-4 sm:py-3">
        {/* Signed out, the brand's word gives its room to the two buttons on a phone; the mark stays and the link's name says it. */}
        <Logo to="/dashboard" nameClassName={isAuthenticated ? undefined : 'hidden sm:inline'} markClassName="h-8 w-8 sm:h-9 sm:w-9" />
        {/* Before the panel in the DOM, so Tab goes from the button into the links it opened. */}
        <button
          ref={buttonRef}
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={toggle}
          className="ml-auto flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 sm:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5">
            <path fill="currentColor" d={open ? 'M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z' : 'M3 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm0 5a1 1 0 0 1 1-1h12a1 1 0 1 1 0 2H4a1 1 0 0 1-1-1Zm1 4a1 1 0 1 0 0 2h12a1 1 0 1 0 0-2H4Z'} />
          </svg>
          {/* Signed out, two buttons share the row: the word is left to screen readers there. */}
          <span className={isAuthenticated ? undefined : 'sr-only'}>Menú</span>
        </button>
        {/* From sm up the links keep to one row that scrolls sideways when it must (at 1280 px with the tutor open
            beside the page, use-side-space.ts); p-1 keeps focus rings unclipped. On a phone: the menu's panel. */}
        <nav
          id={id}
          aria-label="Principal"
          className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-full max-h-[calc(100vh-4rem)] flex-col gap-1 overflow-y-auto border-b border-slate-200 bg-white p-3 shadow-lg sm:static sm:flex sm:max-h-none sm:min-w-0 sm:flex-row sm:items-center sm:overflow-x-auto sm:overflow-y-visible sm:whitespace-nowrap sm:border-0 sm:bg-transparent sm:p-1 sm:shadow-none nav-scroll`}
        >
          <NavLink to="/" end className={link} onClick={close}>Inicio</NavLink>
          {isAuthenticated && <NavLink to="/dashboard" className={link} onClick={close}>Mis Cursos</NavLink>}
          {isAuthenticated && <NavLink to="/materiales" className={link} onClick={close}>Materiales</NavLink>}
          {isAuthenticated && <NavLink to="/aulas" className={link} onClick={close}>Aulas</NavLink>}
          {isAuthenticated && <NavLink to="/social" className={link} onClick={close}>Comunidad</NavLink>}
          <NavLink to="/changeplan" className={link} onClick={close}>Precios</NavLink>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {isAuthenticated && user ? (
            <>
              {premium && (
                <span title={`Plan ${user.plan?.nombre}`} className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-1 text-xs font-semibold text-amber-900">
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4"><path fill="currentColor" d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" /></svg>
                  <span className="sr-only sm:not-sr-only">Premium</span>
                </span>
              )}
              <UserMenu nombre={user.nombre} />
            </>
          ) : (
            <>
              <NavLink to="/login" className="rounded-lg px-2 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 sm:px-3">Iniciar Sesión</NavLink>
              <NavLink to="/register" className="rounded-lg bg-indigo-600 px-2 py-2 text-sm font-semibold text-white hover:bg-indigo-700 sm:px-3">Registrarse</NavLink>
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
