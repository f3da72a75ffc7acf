/** DESIGN §2: content from the offline writer is never presented as AI. One line (issue 34), not a card above the lesson. */
export function DemoBanner() {
  return (
    <p role="note" className="text-sm text-violet-900">
      <strong className="font-semibold">Modo demostración:</strong> contenido de ejemplo, escrito sin IA.
    </p>
  );
}
