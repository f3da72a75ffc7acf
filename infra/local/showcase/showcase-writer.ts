import { fold, questionByStem, showcaseFor, showcaseLesson, showcaseModule } from './index';
import { BANK_BATCH } from '../../../lambdas/evaluations/question-bank';
import { withDiagrams } from './diagrams';
import type { ShowcaseCourse } from './types';

// The offline writer's routing hook for featured courses (issue 33 item 5): for a featured topic at
// its level it answers the outline, the lessons, the question banks, the blind verifier and the
// tutor from the team-written course instead of the templates. Anything it does not recognise (an
// edited title, another level, a course from the learner's material) is left to the templates.

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const list = (v: unknown): Data[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
/** The bank's batch size: batch n starts n-1 batches in. */
const BATCH = BANK_BATCH;

const courseOf = (d: Data): ShowcaseCourse | undefined => {
  const curso = obj(d.curso);
  const course = showcaseFor(curso.topic ?? d.topic);
  const level = str(curso.level ?? curso.nivel ?? d.level ?? d.nivel) || 'principiante';
  return course && course.nivel === level ? course : undefined;
};

/** Issue 32: the objective lesson `i` of a module teaches (its own, in turn over at most five). */
const objectiveOf = (m: { objetivos: string[] }, i: number) => `o${(i % Math.max(Math.min(m.objetivos.length, 5), 1)) + 1}`;
/** A wrong option's explanation as its misconception: the first sentence, within the schema's 240 characters. */
const firstSentence = (s: string) => {
  const first = /^.+?[.!?](?=\s|$)/.exec(s)?.[0] ?? s;
  return (first.length >= 5 ? first : s).slice(0, 240);
};

function outline(course: ShowcaseCourse) {
  // The modules first, the course's own fields after them, as the outline's schema asks (issue 42).
  return {
    modulos: course.modulos.map((m) => ({
      titulo: m.titulo,
      descripcion: m.descripcion,
      // Issue 32: objectives as data; lesson i teaches objective i (in turn), as the bank below measures them.
      objetivos: m.objetivos.slice(0, 5).map((enunciado, i) => ({ id: `o${i + 1}`, enunciado, bloom: i === 0 ? 'comprender' : 'aplicar' })),
      lecciones: m.lecciones.map((l, i) => ({ titulo: l.titulo, resumen: l.resumen, objetivos: [objectiveOf(m, i)] })),
      // The rest of the module's plan after its lessons (esquema-v5): the module is shown before it is written.
      terminosClave: m.terminosClave,
      conceptosErroneos: m.conceptosErroneos,
      ejemploConductor: m.ejemploConductor,
    })),
    titulo: course.titulo,
    descripcion: course.descripcion,
    objetivos: course.objetivos,
  };
}

/** `preguntas` questions of the module's bank the bank does not have yet (`evitar`), batch `lote`'s share first. */
function evaluation(course: ShowcaseCourse, d: Data) {
  const module = showcaseModule(course, obj(d.modulo).titulo);
  if (!module) return undefined;
  const ids = module.lecciones.map((l) => list(d.lecciones).find((x) => fold(str(x.titulo)) === fold(l.titulo))?.lessonId);
  if (ids.some((id) => typeof id !== 'string')) return undefined;
  const avoid = new Set((Array.isArray(d.evitar) ? d.evitar : []).map((s) => fold(String(s))));
  const fresh = module.preguntas.filter((q) => !avoid.has(fold(q[2])));
  // Never an empty answer (the schema wants one question): a spent bank repeats itself, and the bank drops repeats.
  const pool = fresh.length ? fresh : module.preguntas;
  const rewriting = Array.isArray(d.reescribir);
  const start = rewriting ? 0 : (Math.max(Number(d.lote) || 1, 1) - 1) * BATCH;
  const asked = Math.min(rewriting ? (d.reescribir as unknown[]).length : Math.max(Number(d.preguntas) || BATCH, 1), 20);
  // A batch past the end of the bank answers one question (the fewest the schema takes), not a page of repeats.
  const wanted = start < pool.length ? Math.min(asked, pool.length - start) : 1;
  const preguntas = Array.from({ length: wanted }, (_, i) => pool[(start + i) % pool.length]).map(([leccion, fuente, enunciado, opciones, explicaciones]) => ({
    lessonId: ids[leccion] as string,
    objetivoId: objectiveOf(module, leccion),
    // One in three at recall, as the templates (issue 32: at least half of an attempt above it).
    bloom: fold(enunciado).length % 3 === 0 ? 'recordar' : 'comprender',
    fuente,
    enunciado,
    opciones: opciones.map((texto, i) => ({ texto, explicacion: explicaciones[i], ...(i > 0 && { conceptoErroneo: firstSentence(explicaciones[i]) }) })),
    correcta: 'A' as const,
  }));
  return { preguntas };
}

/** The blind verifier on featured questions: the team's key, found by the option's text (it is not told the letter). */
function verdicts(d: Data) {
  const preguntas = list(d.preguntas);
  const known = preguntas.map((q) => questionByStem.get(fold(str(q.enunciado))));
  if (!preguntas.length || known.some((q) => !q)) return undefined;
  return {
    veredictos: preguntas.map((q, indice) => {
      const key = fold(known[indice]![3][0]);
      const respuesta = str(list(q.opciones).find((o) => fold(str(o.texto)) === key)?.opcion) || 'A';
      return { indice, respuesta, opcionesDefendibles: [respuesta], enunciadoDelata: false, valida: true, motivo: `Respondo ${respuesta}: es la única opción que sostiene la lección.` };
    }),
  };
}

/** The featured course's answer for the tool, or undefined when the templates answer. */
export function showcaseToolInput(tool: string, d: Data): Data | undefined {
  if (tool === 'verificar_preguntas') return verdicts(d);
  const course = courseOf(d);
  if (!course) return undefined;
  switch (tool) {
    case 'registrar_esquema_curso':
      return Array.isArray(d.material) ? undefined : outline(course);
    case 'registrar_leccion': {
      const lesson = showcaseLesson(course, obj(d.leccion).titulo);
      // Issue 43: with the team's diagrams (diagrams.ts) in the sections they picture.
      return lesson && withDiagrams(lesson.titulo, structuredClone(lesson.leccion));
    }
    case 'registrar_evaluacion':
      return d.fundamentada ? undefined : evaluation(course, d);
    default:
      return undefined;
  }
}

const TEAM = '> Curso destacado: respuesta escrita por el equipo de Mentora, sin IA.';
/**
 * The tutor on a featured course: where the template would explain (not a hint on a pending question,
 * not a refusal), the team's answer for the concept the question names, if it has one.
 */
export function showcaseTutor(d: Data, answer: Data): Data {
  const course = courseOf(d);
  if (!course || answer.tipo !== 'explicacion') return answer;
  const asked = ` ${fold(str(d.mensaje))} `;
  const found = course.tutor.find((t) => t.claves.every((k) => asked.includes(` ${fold(k)} `)));
  return found ? { ...answer, respuesta: `${TEAM}\n\n${found.respuesta}\n\n**Para comprobar que lo tienes:** ${course.comprobar ?? '¿cómo lo aplicarías a una foto tuya?'}` } : answer;
}
