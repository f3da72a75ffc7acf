import { useId, useRef, useState, type FormEvent } from 'react';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { Button } from '../../components/button';
import { ProgressBar } from '../../components/progress-bar';
import { ACCEPT, formatBytes } from './file-check';
import type { MaterialAllowance } from './allowance';
import { useUpload } from './use-upload';

interface Props {
  allowance: MaterialAllowance | undefined;
  onUploaded?: (m: MaterialView) => void;
}

/** A file (PDF, .txt, .md, .docx) with an optional title, checked here, then uploaded straight to storage. */
export function UploadForm({ allowance, onUploaded }: Props) {
  const { state, upload, reset } = useUpload(allowance?.bytes);
  const [file, setFile] = useState<File>();
  const [titulo, setTitulo] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), name: useId(), title: useId(), hint: useId(), error: useId() };
  const busy = state.phase === 'subiendo';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    const m = await upload(file, titulo.trim() || undefined);
    if (!m) return;
    setFile(undefined);
    setTitulo('');
    if (input.current) input.current.value = '';
    onUploaded?.(m);
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
      <div>
        <label htmlFor={ids.file} className="mb-1 block text-sm font-medium text-slate-800">Archivo</label>
        {/* The native control's own words follow the browser's language; these are always Spanish. */}
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-300 bg-white p-1.5 pr-3">
          <input
            ref={input}
            id={ids.file}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-describedby={`${ids.name} ${ids.hint}${state.phase === 'error' ? ` ${ids.error}` : ''}`}
            aria-invalid={state.phase === 'error' || undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              reset();
            }}
            className="peer sr-only"
          />
          <label htmlFor={ids.file} className="cursor-pointer rounded-md bg-indigo-50 px-3 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-100 peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-indigo-600 peer-disabled:cursor-not-allowed">
            Elegir archivo
          </label>
          <span id={ids.name} className="min-w-0 break-all text-sm text-slate-700">{file ? `${file.name} (${formatBytes(file.size)})` : 'Ningún archivo elegido'}</span>
        </div>
        <p id={ids.hint} className="mt-1 text-xs text-slate-600">
          PDF, .txt, .md o .docx{allowance ? `, hasta ${formatBytes(allowance.bytes)} y ${allowance.paginas} páginas` : ''}. Los PDF escaneados (sin texto seleccionable) no sirven.
        </p>
      </div>
      <div>
        <label htmlFor={ids.title} className="mb-1 block text-sm font-medium text-slate-800">Título <span className="font-normal text-slate-600">(opcional)</span></label>
        <input id={ids.title} value={titulo} maxLength={120} disabled={busy} onChange={(e) => setTitulo(e.target.value)} placeholder="Por defecto, el nombre del archivo"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600" />
      </div>
      {state.phase === 'subiendo' && (
        <div aria-live="polite">
          <p className="text-sm text-slate-700">Subiendo «{state.nombre}»… {Math.round(state.share * 100)} %</p>
          <ProgressBar className="mt-1" size="sm" label="Progreso de la subida" value={state.share * 100} />
        </div>
      )}
      {state.phase === 'error' && <p id={ids.error} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{state.message}</p>}
      <Button type="submit" busy={busy} disabled={!file}>Subir archivo</Button>
    </form>
  );
}
