import type { OutboxState } from './use-outbox';

/** What needs a connection, said wherever the learner studies offline (issue 44). */
export const NEEDS_CONNECTION = 'Las evaluaciones con nota, el tutor, el Refuerzo guiado y los cursos nuevos necesitan conexión.';

const ratings = (n: number) => (n === 1 ? '1 calificación' : `${n} calificaciones`);
const answers = (n: number) => (n === 1 ? '1 respuesta de autoevaluación' : `${n} respuestas de autoevaluación`);
const lessons = (n: number) => (n === 1 ? '1 lección completada' : `${n} lecciones completadas`);
/** "2 calificaciones esperan", "1 respuesta de autoevaluación espera", "1 calificación y 2 respuestas … esperan". */
function waiting(total: number, respuestas: number, lecciones: number): string {
  const rated = total - respuestas - lecciones;
  const parts = [rated && ratings(rated), respuestas && answers(respuestas), lecciones && lessons(lecciones)].filter(Boolean);
  const listed = parts.length > 2 ? `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}` : parts.join(' y ');
  return `${listed} ${total === 1 ? 'espera' : 'esperan'}`;
}

/**
 * The outbox in words: what waits to be sent and that it goes by itself when the connection returns, or
 * what the server refused. Nothing here says "sent" until the server answered.
 */
export function OutboxNotice({ pendientes, respuestas = 0, lecciones = 0, rechazados, sinConexion }: OutboxState) {
  if (!pendientes && !rechazados.length && !sinConexion) return null;
  return (
    <div role="status" className="mt-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
      {sinConexion && <p className="font-semibold">Estás sin conexión.</p>}
      {pendientes > 0 ? (
        <p>{waiting(pendientes, respuestas, lecciones)} en este dispositivo para enviarse. Se enviarán solas, en orden, cuando vuelva la conexión; todavía no se han enviado. Si cierras sesión antes, se borran de este dispositivo.</p>
      ) : sinConexion ? (
        <p>Puedes seguir estudiando: tus calificaciones, respuestas y lecciones completadas se guardan en este dispositivo y se envían cuando vuelva la conexión.</p>
      ) : null}
      {rechazados.map((r) => <p key={r}>No se pudo guardar: {r}</p>)}
      {sinConexion && <p className="mt-1 text-amber-900">{NEEDS_CONNECTION}</p>}
    </div>
  );
}
