import { useId } from 'react';

/** "Revisar el temario antes de generar" (issue 15): the pipeline waits for the learner's outline. */
export function ReviewOutlineSwitch({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button id={id} type="button" role="switch" aria-checked={checked} aria-describedby={`${id}-hint`} onClick={() => onChange(!checked)}
        className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${checked ? 'bg-indigo-600' : 'bg-slate-300'}`}>
        <span className="sr-only">Revisar el temario antes de generar</span>
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`} />
      </button>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">Revisar el temario antes de generar</label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">Verás los módulos y lecciones propuestos y podrás cambiarlos antes de que escribamos las lecciones.</p>
      </div>
    </div>
  );
}
