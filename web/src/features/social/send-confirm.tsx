import { useEffect, useId } from 'react';
import { Button } from '../../components/button';

/**
 * Issue 40 item 5 (docs/social.md "Who can open what is sent"): a course travels as its public share
 * link, so before it goes the learner reads who can open it (anyone with the link, signed out too,
 * not only the connection) and confirms. Nothing is sent or published before "Sí, enviar el enlace".
 */
export function SendConfirm({ titulo, to, busy, onConfirm, onCancel }: { titulo: string; to: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const labelId = useId();
  const confirmId = useId();
  // The question is where the learner's attention goes: focus the answer that sends, as a dialog would.
  useEffect(() => document.getElementById(confirmId)?.focus(), [confirmId]);
  return (
    <div role="group" aria-labelledby={labelId} className="mt-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
      <p id={labelId} className="break-words font-semibold text-amber-950">Antes de enviar «{titulo}»</p>
      <p className="mt-1 text-amber-950">
        Se envía como un enlace público: cualquier persona que tenga el enlace podrá abrir el curso sin iniciar sesión, leerlo y copiarlo, no solo {to}.
        Puedes dejar de compartirlo desde el curso.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button id={confirmId} type="button" className="px-3 py-1.5 text-sm" busy={busy} onClick={onConfirm}>Sí, enviar el enlace</Button>
        <Button type="button" variant="secondary" className="px-3 py-1.5 text-sm" disabled={busy} onClick={onCancel}>Cancelar</Button>
      </div>
    </div>
  );
}
