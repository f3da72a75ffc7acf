import { useId } from 'react';
import { Button } from '../../components/button';

/**
 * Back from signing in to copy a shared course (`?copiar=1`), the copy is offered again, never made:
 * the same URL can come in a message, and a link must change nothing by itself (issue 40).
 */
export function CopyOffer({ titulo, busy, onCopy, onDismiss }: { titulo: string; busy: boolean; onCopy: () => void; onDismiss: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-indigo-50 p-4 ring-2 ring-indigo-300 sm:p-5">
      <h2 id={headingId} className="break-words text-lg font-semibold text-indigo-950">¿Copiar «{titulo}» a tus cursos?</h2>
      <p className="mt-1 max-w-xl text-sm text-indigo-950">Tendrás tu propia copia, con tu progreso y tus evaluaciones. No gasta cursos de tu plan.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" busy={busy} onClick={onCopy}>Copiar a mis cursos</Button>
        <Button type="button" variant="secondary" onClick={onDismiss}>Ahora no</Button>
      </div>
    </section>
  );
}
