import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { COURSE_MATERIALS_MAX } from '../../../../lambdas/contract/sources';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { useMaterialAllowance } from './allowance';
import { kindOf, progressText } from './material-status';
import { useMaterialProgress, useMaterials } from './use-materials';

// The upload form sits behind a closed disclosure and loads when it is opened: the picker is in the
// same chunk as the citation marks every lesson shows, so a static import put the form (about 4 KB
// gzip) in the course page's first JavaScript (npm run bench web-bundle; issue 43 asks it not to grow).
const UploadForm = lazy(() => import('./upload-form').then((m) => ({ default: m.UploadForm })));

interface Props {
  selected: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

function Choice({ material, checked, full, onToggle }: { material: MaterialView; checked: boolean; full: boolean; onToggle: () => void }) {
  const m = useMaterialProgress(material);
  const ready = m.estado === 'listo';
  const note = ready ? `${kindOf(m)} · ${m.paginas} ${m.paginas === 1 ? 'página' : 'páginas'}` : m.estado === 'procesando' ? `Procesando · ${progressText(m)}` : (m.motivo ?? 'Error');
  const id = useId();
  return (
    <li className={`flex items-start gap-3 rounded-lg border px-3 py-2.5 text-sm ${checked ? 'border-indigo-600 bg-indigo-50' : 'border-slate-300'} ${ready ? 'hover:bg-slate-50' : 'opacity-80'} has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-indigo-600`}>
      <input id={id} type="checkbox" className="mt-1 accent-indigo-600" checked={checked} disabled={!ready || (full && !checked)} onChange={onToggle} aria-describedby={`${id}-nota`} />
      <div className="min-w-0">
        <label htmlFor={id} className={`block break-words font-medium text-slate-900 ${ready ? 'cursor-pointer' : ''}`}>{m.titulo}</label>
        <p id={`${id}-nota`} className={`text-xs ${m.estado === 'error' ? 'text-red-800' : 'text-slate-600'}`} aria-live={m.estado === 'procesando' ? 'polite' : undefined}>{note}</p>
      </div>
    </li>
  );
}

/** /generar: up to five of the learner's materials (listos) the course is built from, and an upload right there. */
export function MaterialPicker({ selected, onChange, error }: Props) {
  const { data: materials } = useMaterials();
  const allowance = useMaterialAllowance();
  const [uploading, setUploading] = useState(false);
  const full = selected.length >= COURSE_MATERIALS_MAX;
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <fieldset aria-describedby="materiales-ayuda">
      <legend className="mb-1 text-sm font-medium text-slate-800">Tus materiales <span className="font-normal text-slate-600">(opcional)</span></legend>
      <p id="materiales-ayuda" className="mb-2 text-sm text-slate-600">
        Elige hasta {COURSE_MATERIALS_MAX} documentos y el curso seguirá su contenido, con la página de donde sale cada afirmación.
        {selected.length > 0 && ` Elegidos: ${selected.length} de ${COURSE_MATERIALS_MAX}.`}
      </p>
      {materials && materials.length > 0 ? (
        <ul className="grid gap-2 sm:grid-cols-2">
          {materials.map((m) => <Choice key={m.materialId} material={m} checked={selected.includes(m.materialId)} full={full} onToggle={() => toggle(m.materialId)} />)}
        </ul>
      ) : materials ? (
        <p className="text-sm text-slate-700">Aún no tienes materiales. Sube uno aquí o en <Link to="/materiales" className="font-semibold text-indigo-700 underline">Mis materiales</Link>.</p>
      ) : null}
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
      <details className="mt-3 rounded-xl border border-slate-200 px-4 py-3" onToggle={(e) => setUploading(uploading || e.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-semibold text-indigo-800">Subir un material</summary>
        <div className="mt-3">{uploading && <Suspense fallback={<p className="text-sm text-slate-600">Cargando...</p>}><UploadForm allowance={allowance} /></Suspense>}</div>
      </details>
    </fieldset>
  );
}
