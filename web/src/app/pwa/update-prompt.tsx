import { useState } from 'react';

/**
 * "Hay una versión nueva — Actualizar" (issue 44): shown when a new build waits, never acted on by itself, so a
 * lesson in progress is swapped only when the learner presses it. Closing it leaves the update waiting: it
 * applies when every tab of the site has been closed.
 */
export function UpdatePrompt({ onUpdate }: { onUpdate: () => void }) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[calc(var(--header-h,3.5rem)+0.5rem)] z-50 flex justify-center px-4">
      <div role="status" className="pointer-events-auto flex items-center gap-3 rounded-xl border border-indigo-200 bg-white py-2 pl-4 pr-2 text-sm text-slate-800 shadow-lg">
        <p>
          Hay una versión nueva —{' '}
          <button type="button" onClick={onUpdate} className="rounded-md px-1 font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900">
            Actualizar
          </button>
        </p>
        <button type="button" onClick={() => setClosed(true)} aria-label="Cerrar el aviso" className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4"><path fill="currentColor" d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" /></svg>
        </button>
      </div>
    </div>
  );
}
