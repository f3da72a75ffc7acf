/** Content written by the offline writer, not by a model (DESIGN §2): say so plainly. */
export function DemoBadge() {
  return (
    <span title="Contenido de demostración generado sin IA" className="inline-flex items-center rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900">
      Modo demostración
    </span>
  );
}
