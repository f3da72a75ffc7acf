import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

// The frame of Mentora's help, contact, terms and privacy pages: a title the browser tab shows too,
// a lead, the date of the text, and readable prose (issue 34 item 10).

export const SUPPORT_PAGES = [
  { to: '/ayuda', label: 'Centro de Ayuda' },
  { to: '/contacto', label: 'Contacto' },
  { to: '/terminos', label: 'Términos' },
  { to: '/privacidad', label: 'Privacidad' },
] as const;

export function InfoPage({ title, lead, updated, children }: { title: string; lead: string; updated?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl">
      <title>{`${title} · Mentora`}</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-slate-700">{lead}</p>
      {updated && <p className="mt-1 text-sm text-slate-600">Última actualización: {updated}</p>}
      <div className="mt-6 space-y-6 text-slate-800 [&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline-offset-4 hover:[&_a]:underline [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:leading-relaxed [&_ul]:space-y-1">
        {children}
      </div>
      <nav aria-label="Más ayuda" className="mt-10 flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-sm">
        {SUPPORT_PAGES.map((p) => (
          <Link key={p.to} to={p.to} className="text-indigo-700 underline-offset-4 hover:underline">{p.label}</Link>
        ))}
      </nav>
    </article>
  );
}
