import type { Data } from './offline-writer-data';

// The offline writer's grounded lesson (issue 24): when the prompt carries passages of the learner's
// material ("pasajes": n, material, pagina, texto), the lesson is made of their own sentences, each
// followed by its " [n]" mark, and every `cita` is a sentence copied from passage n. Deterministic,
// so local courses and tests check real citations (lambdas/shared/ai/citations.ts). Demonstration
// content: the framing sentences say so and make no claim of their own.

interface Pasaje {
  n: number;
  material: string;
  pagina: number;
  texto: string;
}

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});

export const pasajesOf = (d: Data): Pasaje[] =>
  (Array.isArray(d.pasajes) ? d.pasajes : [])
    .map(obj)
    .filter((p) => typeof p.n === 'number' && typeof p.texto === 'string')
    .map((p) => ({ n: p.n as number, material: str(p.material, 'tu material'), pagina: typeof p.pagina === 'number' ? p.pagina : 1, texto: p.texto as string }));

/** A passage's sentences that can stand alone: prose of 20 to 280 characters (a summary line with its mark stays under 300), without their final stop. */
export function sentencesOf(texto: string): string[] {
  return texto
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+/))
    .map((s) => s.trim().replace(/[.!?]+$/, ''))
    .filter((s) => s.length >= 20 && s.length <= 280 && /\p{Ll}/u.test(s) && /\s/.test(s));
}

/** A sentence of the material as the lesson writes it: its words, then the mark. */
const cited = (sentence: string, n: number) => `${sentence} [${n}].`;

export function offlineGroundedLesson(d: Data) {
  const titulo = str(obj(d.leccion).titulo, 'esta lección');
  const usable = pasajesOf(d).map((p) => ({ ...p, frases: sentencesOf(p.texto) })).filter((p) => p.frases.length);
  const material = usable[0]?.material ?? 'tu material';
  if (!usable.length) return notCovered(titulo, material);
  const fuentes = usable.map((p) => ({ n: p.n, cita: p.frases[0] }));
  // Each sentence used, in turn, from the passages in the order they were retrieved.
  const all = usable.flatMap((p) => p.frases.map((f) => ({ f, n: p.n })));
  const pick = (i: number) => all[i % all.length];
  const line = (i: number) => cited(pick(i).f, pick(i).n);
  const explicacion = usable.slice(0, 4).map((p) => ({
    subtitulo: `Lo que dice «${p.material}» en la página ${p.pagina}`.slice(0, 120),
    texto: `El material lo explica así, con sus propias palabras. ${p.frases.slice(0, 3).map((f) => cited(f, p.n)).join(' ')}`,
  }));
  if (explicacion.length < 2) {
    explicacion.push({ subtitulo: 'Un paso más en el material', texto: `Volvemos sobre la misma página para fijar la idea principal. ${line(1)} ${line(0)}` });
  }
  return {
    objetivos: [`Explicar lo que dice tu material sobre «${titulo}»`.slice(0, 200), 'Localizar cada idea en su página del material'],
    introduccion: `Contenido de demostración escrito sin IA a partir de «${material}»: cada frase marcada con un número se puede comprobar en la página que cita.`,
    explicacion,
    ejemploResuelto: {
      titulo: 'Leer una idea del material y comprobarla',
      planteamiento: `Tomamos una idea del material y buscamos dónde la dice. ${line(0)}`,
      desarrollo: `1. Leemos la frase y su número.\n2. Abrimos la fuente con ese número y leemos la cita en su página.\n3. Comparamos: ${line(0)}`,
    },
    ejercicio: {
      enunciado: 'Explica con tus palabras la idea principal de esta lección y di en qué página del material aparece.',
      solucion: `Una buena respuesta recoge lo que dice el material y nombra su página. Por ejemplo: ${line(0)}`,
    },
    autoevaluacion: [
      { pregunta: '¿Qué afirma el material en el primer pasaje citado?', respuesta: line(0) },
      { pregunta: '¿Qué otra idea recoge el material sobre este tema?', respuesta: line(1) },
    ],
    resumen: [line(0), line(1), line(2)],
    fuentes,
  };
}

/** No usable sentence: the lesson says so plainly and cites nothing. */
function notCovered(titulo: string, material: string) {
  const dice = `El material no trata «${titulo}» con frases que se puedan citar, así que esta lección no añade nada que el material no diga.`;
  return {
    objetivos: ['Saber qué cubre y qué no cubre tu material', 'Buscar otra fuente para lo que falta'],
    introduccion: `Contenido de demostración escrito sin IA a partir de «${material}». ${dice}`,
    explicacion: [
      { subtitulo: 'Lo que el material no cubre', texto: `${dice} Revisa el material o añade otro que trate este tema para que la lección pueda apoyarse en él.` },
      { subtitulo: 'Qué hacer ahora', texto: 'Puedes añadir otro material que trate el tema, o seguir con la siguiente lección, que quizá sí encuentre pasajes en tu material.' },
    ],
    ejemploResuelto: { titulo: 'Buscar el tema en el material', planteamiento: 'Buscamos el tema de la lección en el material.', desarrollo: '1. Leemos el índice del material.\n2. Buscamos el tema.\n3. Si no aparece, anotamos que falta y buscamos otra fuente.' },
    ejercicio: { enunciado: 'Busca en tu material una página que trate el tema de esta lección.', solucion: 'Si ninguna página lo trata, la respuesta correcta es decir que el material no lo cubre y buscar otra fuente.' },
    autoevaluacion: [
      { pregunta: '¿Qué hace una lección cuando el material no trata su tema?', respuesta: 'Lo dice con claridad y no inventa el contenido.' },
      { pregunta: '¿Cómo se completa lo que falta?', respuesta: 'Añadiendo otro material que trate el tema.' },
    ],
    resumen: ['El material no trata este tema con frases citables.', 'La lección no inventa lo que falta.', 'Añade otro material para completarlo.'],
    fuentes: [],
  };
}

/**
 * The outline of a course from a material: its headings (or page openings), in order, as the lesson
 * titles, each lesson's summary naming its page; undefined without a material in the data.
 */
export function materialLessons(d: Data): { titulo: string; resumen: string }[] | undefined {
  if (!Array.isArray(d.material)) return undefined;
  const items = d.material.map(obj).flatMap((m) =>
    (Array.isArray(m.paginas) ? m.paginas.map(obj) : []).flatMap((p) => {
      const heads = Array.isArray(p.encabezados) ? p.encabezados.filter((h): h is string => typeof h === 'string') : [];
      const titles = heads.length ? heads : [str(p.comienzo, '').split(/[.!?]/)[0].slice(0, 80)];
      return titles.filter((t) => t.length >= 3).map((t) => ({ titulo: t.slice(0, 120), resumen: `Lo que dice «${str(m.material, 'tu material')}» en su página ${String(p.pagina)} sobre ${t.toLocaleLowerCase('es')}.`.slice(0, 400) }));
    }));
  return items.length ? items : undefined;
}
