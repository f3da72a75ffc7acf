/** DESIGN §2: content from the offline writer is never presented as AI. */
export function DemoBanner() {
  return (
    <div role="note" className="rounded-xl border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-900">
      <strong className="font-semibold">Modo demostración.</strong> Este curso se generó sin un modelo de IA, con contenido de ejemplo para que
      puedas probar Mentora. Configura un modelo para obtener cursos reales.
    </div>
  );
}
