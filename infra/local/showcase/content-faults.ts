// Content faults on request (issue 33 item 5): MENTORA_CONTENT_FAULTS=ingles,relleno,clave,cita,repetidas,lista
// makes the offline writer spoil what it writes in one known way each, so a test (and anyone on
// `npm start`) can see each fault caught by the check meant for it:
//   ingles     → a lesson's prose in English              → text-checks.ts `idioma`
//   relleno    → "¡Claro! Aquí tienes…" around a lesson   → text-checks.ts `relleno`
//   clave      → every question keyed to a wrong option   → the blind verifier (verifier.ts)
//   cita       → a grounded lesson's quote not in its page → citations.ts (verbatim check)
//   repetidas  → every lesson the same text               → eval:quality redundancy
//   lista      → a numbered list inside a self-check answer → must NOT fail: the count and the cards hold
//   diagrama_roto        → a lesson's diagram broken (a label past 48 characters, an empty node, a
//                          repeated id) → contract/diagrams.ts; the repair turn (diagram-repair.ts) fixes it
//   diagrama_irreparable → the same, and the repair turn's answer broken too (one node) → dropped

type Data = Record<string, unknown>;
export const CONTENT_FAULTS = ['ingles', 'relleno', 'clave', 'cita', 'repetidas', 'lista', 'diagrama_roto', 'diagrama_irreparable'] as const;
export type ContentFault = (typeof CONTENT_FAULTS)[number];

export const contentFaults = (env = process.env.MENTORA_CONTENT_FAULTS): Set<ContentFault> =>
  new Set((env ?? '').split(',').map((s) => s.trim()).filter((s): s is ContentFault => (CONTENT_FAULTS as readonly string[]).includes(s)));

const ENGLISH = [
  'In this lesson you will learn how the camera turns light into a picture, step by step, and why every setting you change has a cost.',
  'The aperture is the size of the hole in the lens. A small f-number means a large hole, so more light reaches the sensor and the background becomes soft.',
  'The shutter speed is the time the sensor is exposed. A fast speed freezes motion, while a slow one turns moving water into a silky veil.',
];
/** The first lesson a run wrote: with `repetidas`, every later lesson is this one again. */
let firstLesson: Data | undefined;
/** Forgets the first lesson (a new run, a new test). */
export const resetContentFaults = () => void (firstLesson = undefined);

type Lesson = { introduccion: string; explicacion: { subtitulo: string; texto: string }[]; autoevaluacion: { pregunta: string; respuesta: string }[]; resumen: string[] };

const BLOCK = /```diagrama\n(.*)\n```/;
/** The lesson's first diagram broken three ways a model breaks one; a lesson without one gets one, broken. */
function breakDiagram(l: Lesson) {
  const at = l.explicacion.findIndex((s) => BLOCK.test(s.texto));
  const section = l.explicacion[Math.max(at, 0)];
  const fallback = { tipo: 'proceso', titulo: 'Los puntos clave', descripcion: 'Los puntos clave de la lección, en orden.', nodos: l.resumen.map((r, i) => ({ id: `r${i}`, texto: r.slice(0, 40) })) };
  const d = (at >= 0 ? JSON.parse(BLOCK.exec(section.texto)![1]) : fallback) as { nodos: { id: string; texto: string }[] };
  d.nodos[0].texto = `${d.nodos[0].texto}, explicado con todo detalle en una sola caja`;
  d.nodos.push({ id: d.nodos[0].id, texto: ' ' });
  const broken = `\`\`\`diagrama\n${JSON.stringify(d)}\n\`\`\``;
  section.texto = at >= 0 ? section.texto.replace(BLOCK, () => broken) : `${section.texto}\n\n${broken}`;
}

/** The output with the requested faults applied (a copy; without faults, the output itself). */
export function withContentFaults(tool: string, out: Data, faults = contentFaults()): Data {
  if (!faults.size) return out;
  const o = structuredClone(out);
  if (tool === 'registrar_leccion' || tool === 'registrar_leccion_con_fuentes') {
    const l = o as unknown as Lesson;
    if (faults.has('repetidas')) {
      if (firstLesson) return structuredClone(firstLesson);
      firstLesson = structuredClone(o);
    }
    if (faults.has('ingles')) {
      l.introduccion = ENGLISH[0];
      l.explicacion = l.explicacion.map((s, i) => ({ subtitulo: s.subtitulo, texto: `${ENGLISH[1 + (i % 2)]} ${ENGLISH[2 - (i % 2)]}` }));
    }
    if (faults.has('relleno')) l.introduccion = `¡Claro! Aquí tienes la lección. ${l.introduccion}`;
    if (faults.has('lista') && l.autoevaluacion[0]) l.autoevaluacion[0].respuesta = `Hay dos pasos:\n1. Fija la apertura.\n2. Ajusta la velocidad.\n\n${l.autoevaluacion[0].respuesta}`;
    if (faults.has('cita') && Array.isArray(o.fuentes) && o.fuentes[0]) (o.fuentes[0] as { cita: string }).cita = 'Una frase que la página citada no contiene en ningún lugar';
    if (faults.has('diagrama_roto') || faults.has('diagrama_irreparable')) breakDiagram(l);
  }
  if (tool === 'corregir_diagramas' && faults.has('diagrama_irreparable') && Array.isArray(o.diagramas)) {
    for (const d of o.diagramas as { diagrama: { nodos: unknown[] } }[]) d.diagrama.nodos = d.diagrama.nodos.slice(0, 1);
  }
  if (tool === 'registrar_evaluacion' && faults.has('clave') && Array.isArray(o.preguntas)) {
    for (const q of o.preguntas as { correcta: string }[]) q.correcta = q.correcta === 'A' ? 'B' : 'A';
  }
  return o;
}
