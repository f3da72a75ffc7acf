import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../providers/auth-provider';

const base = 'block rounded-md px-3 py-2 text-sm';
const item = `${base} text-slate-700 hover:bg-indigo-50 hover:text-indigo-800`;

/** The signed-in menu (SPEC §2): Perfil; Pagos y Facturación; Cerrar Sesión. */
export function UserMenu({ nombre }: { nombre: string }) {
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-full py-0.5 pl-0.5 pr-2 hover:bg-slate-100 sm:gap-2 sm:py-1 sm:pl-1 sm:pr-3"
      >
        <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
          {nombre.trim().charAt(0).toUpperCase() || '?'}
        </span>
        {/* On a phone the name is read in the open menu (and by screen readers here), so the header stays one row. */}
        <span className="sr-only text-sm font-medium text-slate-800 sm:not-sr-only sm:max-w-[9rem] sm:truncate">{nombre}</span>
        <span className="sr-only">Abrir el menú de usuario</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-slate-500"><path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" /></svg>
      </button>
      {open && (
        <div id={id} className="absolute right-0 z-30 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <p className="truncate px-3 pb-2 pt-1 text-sm font-semibold text-slate-900 sm:hidden" aria-hidden="true">{nombre}</p>
          <Link to="/profile" className={item} onClick={close}>Perfil</Link>
          <p className="mt-2 px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600" role="presentation">Pagos y Facturación</p>
          <Link to="/payments/history" className={item} onClick={close}>Historial de Pagos</Link>
          <Link to="/profile/billing" className={item} onClick={close}>Datos de Facturación</Link>
          <Link to="/payments/methods" className={item} onClick={close}>Métodos de Pago</Link>
          <hr className="my-2 border-slate-200" />
          <button type="button" className={`${base} w-full text-left font-medium text-red-700 hover:bg-red-50 hover:text-red-800`} onClick={() => { close(); void logout(); }}>
            Cerrar Sesión
          </button>
        </div>
      )}
    </div>
  );
}
