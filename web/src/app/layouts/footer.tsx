import { Link } from 'react-router-dom';
import { BRAND, COPYRIGHT_YEAR } from '../../config/constants';
import { LogoMark } from '../../components/logo';
import { SUPPORT_PAGES } from '../../features/support';

const linkCls = 'text-sm text-slate-600 hover:text-indigo-800';
// SPEC §2 lists the support links without a target; issue 34 gave them real pages.

export function Footer() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <div className="flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="font-bold text-slate-900">{BRAND}</span>
          </div>
          <p className="mt-3 max-w-xs text-sm text-slate-600">
            Tu club para entrenar la mente: cursos personalizados con inteligencia artificial.
          </p>
        </div>
        <nav aria-label="Plataforma">
          <h2 className="text-sm font-semibold text-slate-900">Plataforma</h2>
          <ul className="mt-3 space-y-2">
            <li><Link className={linkCls} to="/dashboard">Mis cursos</Link></li>
            <li><Link className={linkCls} to="/generar">Crear un curso</Link></li>
            <li><Link className={linkCls} to="/social">Comunidad</Link></li>
            <li><Link className={linkCls} to="/changeplan">Precios</Link></li>
          </ul>
        </nav>
        <nav aria-label="Soporte">
          <h2 className="text-sm font-semibold text-slate-900">Soporte</h2>
          <ul className="mt-3 space-y-2">
            {SUPPORT_PAGES.map((p) => (
              <li key={p.to}><Link className={linkCls} to={p.to}>{p.label}</Link></li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-100 py-4 text-center text-xs text-slate-600">
        © {COPYRIGHT_YEAR} {BRAND}. Todos los derechos reservados.
      </p>
    </footer>
  );
}
