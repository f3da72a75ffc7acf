import type { ReactNode } from 'react';

/** An inline confirmation, as "Mis materiales" asks before a delete: the question, then yes or cancel (aulas, LMS registrations). */
export function ConfirmBox({ label, children, yes, busy, onYes, onCancel }: {
  label: string; children: ReactNode; yes: string; busy: boolean; onYes: () => void; onCancel: () => void;
}) {
  return (
    <div role="group" aria-label={label} className="mt-3 rounded-xl bg-red-50 p-3 text-sm text-red-900">
      <p>{children}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" disabled={busy} onClick={onYes} className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60">{yes}</button>
        <button type="button" disabled={busy} onClick={onCancel} className="rounded-lg px-3 py-1.5 font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-white">Cancelar</button>
      </div>
    </div>
  );
}
