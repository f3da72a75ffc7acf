import type { Data } from './offline-writer-data';

// Issue 31: the offline writer behaves like a naive model on links: every web address anywhere in
// the request's data (a planted "visit https://…" in a material's passage, a link typed into the
// course's objectives or a tutor message) is copied into what it writes. Mentora's own code must
// then keep only the links of the course's sources (lambdas/shared/ai/links.ts); tests can see it
// do so locally, and would see the planted links get through without it.

const URL = /\bhttps?:\/\/[^\s<>()[\]"'«»]+[^\s<>()[\]"'«».,;:!?]/g;

function linksOf(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string') for (const m of value.matchAll(URL)) found.add(m[0]);
  else if (Array.isArray(value)) for (const v of value) linksOf(v, found);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) linksOf(v, found);
  return found;
}

const more = (links: string[]) => ` Más información: ${links.join(' ')}`;

/** The tool input with the data's links copied into one text of it, as a model that obeys its data would. */
export function echoLinks(tool: string, input: Data, data: Data): Data {
  const links = [...linksOf(data, new Set())];
  if (!links.length) return input;
  switch (tool) {
    case 'registrar_leccion':
    case 'registrar_leccion_con_fuentes':
      return { ...input, introduccion: `${String(input.introduccion)}${more(links)}` };
    case 'registrar_evaluacion':
      return {
        ...input,
        preguntas: (input.preguntas as { opciones: { texto: string; explicacion: string }[] }[]).map((q) => ({
          ...q,
          opciones: q.opciones.map((o, i) => (i ? o : { ...o, explicacion: `${o.explicacion}${more(links)}`.slice(0, 500) })),
        })),
      };
    case 'registrar_esquema_curso':
      return { ...input, descripcion: `${String(input.descripcion)}${more(links)}`.slice(0, 800) };
    case 'registrar_sugerencias':
      return { ...input, sugerencias: (input.sugerencias as { descripcion: string }[]).map((x) => ({ ...x, descripcion: `${x.descripcion}${more(links)}`.slice(0, 600) })) };
    case 'responder_al_alumno':
      return { ...input, respuesta: `${String(input.respuesta)}\n\n${more(links).trim()}` };
    default:
      return input;
  }
}
