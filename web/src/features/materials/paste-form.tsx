import { useId, useState, type FormEvent } from 'react';
import { MATERIAL_TEXT_MAX, type MaterialView } from '../../../../lambdas/contract/materials';
import { Button } from '../../components/button';
import type { MaterialAllowance } from './allowance';
import { useUpload } from './use-upload';

/** Pasted text (class notes, an article) with an optional title: processed within the request. */
export function PasteForm({ allowance, onSaved }: { allowance: MaterialAllowance | undefined; onSaved?: (m: MaterialView) => void }) {
  const { state, paste } = useUpload(allowance?.bytes);
  const [texto, setTexto] = useState('');
  const [titulo, setTitulo] = useState('');
  const [busy, setBusy] = useState(false);
  const [tooLong, setTooLong] = useState(false);
  const ids = { text: useId(), title: useId(), count: useId(), error: useId() };
  const max = allowance?.caracteres ?? MATERIAL_TEXT_MAX;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (texto.length > max) return setTooLong(true);
    setBusy(true);
    const m = await paste(texto, titulo.trim() || undefined);
    setBusy(false);
    if (!m) return;
    setTexto('');
    setTitulo('');
    onSaved?.(m);
  }

  const error = tooLong && texto.length > max ? `El texto tiene ${texto.length.toLocaleString('es-ES')} caracteres y tu plan admite ${max.toLocaleString('es-ES')}. Súbelo como archivo o acórtalo.` : state.phase === 'error' ? state.message : undefined;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
      <div>
        <label htmlFor={ids.title} className="mb-1 block text-sm font-medium text-slate-800">Título <span className="font-normal text-slate-600">(opcional)</span></label>
        <input id={ids.title} value={titulo} maxLength={120} disabled={busy} onChange={(e) => setTitulo(e.target.value)} placeholder="Por ejemplo: Apuntes de Biología, tema 3"
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600" />
      </div>
      <div>
        <label htmlFor={ids.text} className="mb-1 block text-sm font-medium text-slate-800">Texto</label>
        <textarea id={ids.text} rows={6} value={texto} disabled={busy} onChange={(e) => setTexto(e.target.value)} placeholder="Pega aquí tus apuntes, un artículo o un temario"
          aria-describedby={`${ids.count}${error ? ` ${ids.error}` : ''}`} aria-invalid={error ? true : undefined}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600" />
        <p id={ids.count} className="mt-1 text-xs text-slate-600">{texto.length.toLocaleString('es-ES')} / {max.toLocaleString('es-ES')} caracteres</p>
      </div>
      {error && <p id={ids.error} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
      <Button type="submit" busy={busy} disabled={!texto.trim()}>Guardar texto</Button>
    </form>
  );
}
