import { offlineEvaluation, offlineVerdicts } from './offline-writer-evaluation';
import { offlineLesson, offlineModulePlan } from './offline-writer-lesson';
import { offlineDiplomado } from './offline-writer-diplomado';
import { offlineGrade } from './offline-writer-grading';
import { offlineRemedial } from './offline-writer-remedial';
import { offlineLeakVerdict, offlineTutorAnswer } from './offline-writer-tutor';
import { materialLessons, offlineGroundedLesson } from './offline-writer-grounded';
import { showcaseToolInput, showcaseTutor } from './showcase/showcase-writer';
import { withContentFaults } from './showcase/content-faults';
import { withMaterialTitles } from './offline-writer-material';
import { echoLinks } from './offline-writer-links';
import { offlineJudge } from './offline-judge';
import { offlineDiagramRepair } from './offline-writer-diagrams';
import { verdictLine } from '../../lambdas/shared/ai/verdict-lines';
import { levelOf, topicOf, type Data } from './offline-writer-data';

// The offline writer: answers Mentora's structured requests with deterministic, schema-valid Spanish
// content built from the topic and level, so every screen works with no AI service. It is
// demonstration content, labelled as such (the course records modo "demostracion"), never
// presented as AI output and never the production path.

const n = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

const STAGES = [
  ['Fundamentos de', 'Qué es, para qué sirve y el vocabulario esencial'],
  ['Primeros pasos con', 'Las herramientas y el primer resultado práctico'],
  ['Conceptos clave de', 'Las ideas que sostienen todo lo demás'],
  ['Práctica guiada de', 'Ejercicios paso a paso con casos reales'],
  ['Técnicas intermedias de', 'Cómo combinar lo aprendido en problemas más ricos'],
  ['Buenas prácticas en', 'Errores frecuentes y cómo evitarlos'],
  ['Proyecto integrador de', 'Un proyecto completo de principio a fin'],
  ['Siguientes pasos en', 'Cómo seguir aprendiendo por tu cuenta'],
];
const LESSON_KINDS = ['Introducción a', 'Ejemplo guiado:', 'Ejercicios de', 'Repaso y errores comunes en', 'Caso práctico de', 'Profundizando en'];

function outline(d: Data) {
  const topic = topicOf(d);
  const level = levelOf(d);
  const modules = Math.min(Math.max(n(d.modulos, 5), 2), 8);
  const lessons = Math.min(Math.max(n(d.leccionesPorModulo, 4), 2), 6);
  const objetivos = Array.isArray(d.objetivos) && d.objetivos.length >= 2 ? (d.objetivos as string[]).slice(0, 8) : [
    `Comprender los fundamentos de ${topic}`,
    `Aplicar ${topic} en casos prácticos de nivel ${level}`,
    `Evitar los errores más comunes al trabajar con ${topic}`,
  ];
  // A course from the learner's material (issue 24): its headings, in order, are the lessons.
  const fromMaterial = materialLessons(d);
  // The modules first, the course's own fields after them, as the outline's schema and prompt ask.
  return {
    modulos: Array.from({ length: modules }, (_, m) => {
      const [prefix, about] = STAGES[m % STAGES.length];
      const titulo = `${prefix} ${topic}`;
      const { objetivos: moduleObjectives, ...plan } = offlineModulePlan(topic, level, m, about);
      // The schema's order (esquema-v5): what the learner sees of a module first, the rest of its plan after its lessons.
      return {
        titulo,
        descripcion: `${about}, aplicado a ${topic} (nivel ${level}).`,
        objetivos: moduleObjectives,
        lecciones: Array.from({ length: lessons }, (_, l) => ({
          ...(fromMaterial?.[(m * lessons + l) % fromMaterial.length] ?? {
            titulo: `${LESSON_KINDS[l % LESSON_KINDS.length]} ${titulo.toLocaleLowerCase('es')}`.slice(0, 120),
            resumen: `Lección ${l + 1} del módulo ${m + 1}: ${about.toLocaleLowerCase('es')} en ${topic}.`,
          }),
          // Issue 32: the objectives (offlineModulePlan's o1–o3) it teaches, in turn; the pipeline gives any left over to a lesson.
          objetivos: [`o${(l % 3) + 1}`],
        })),
        ...plan,
      };
    }),
    titulo: `${topic}: curso de nivel ${level}`,
    descripcion: `Curso de demostración sobre ${topic} para nivel ${level}, generado sin servicio de IA para que puedas recorrer la plataforma.`,
    objetivos,
  };
}

function suggestions(d: Data) {
  const topic = topicOf(d);
  const level = levelOf(d);
  const ideas = [
    ['Introducción práctica a', '6 horas'],
    ['Proyectos reales con', '3 semanas'],
    ['Domina los conceptos de', '4 semanas'],
    ['Guía rápida de', '2 horas'],
  ];
  return {
    sugerencias: ideas.map(([prefix, duracionEstimada]) => ({
      titulo: `${prefix} ${topic}`,
      descripcion: `Sugerencia de demostración: un recorrido de nivel ${level} por ${topic}, con teoría breve y mucha práctica.`,
      nivel: ['principiante', 'intermedio', 'avanzado'].includes(level) ? level : 'principiante',
      duracionEstimada,
      aprenderas: [`Los fundamentos de ${topic}`, `Aplicar ${topic} en ejemplos concretos`, `Evitar errores frecuentes en ${topic}`],
    })),
  };
}

/**
 * Writes the input of the forced tool `tool` for the request data: a featured topic's team-written
 * course where it has the answer (infra/local/showcase/), the templates below otherwise. Every web
 * address in the data is copied into it, as a naive model would (offline-writer-links.ts, issue 31).
 */
export function offlineToolInput(tool: string, data: Data): Data {
  const out = showcaseToolInput(tool, data) ?? templateToolInput(tool, data);
  // MENTORA_CONTENT_FAULTS spoils the content on request (showcase/content-faults.ts).
  // A practice turn ("Practiquemos…") asks a question first: never replaced by a featured course's explanation.
  return echoLinks(tool, withContentFaults(tool, tool === 'responder_al_alumno' && !data.practica ? showcaseTutor(data, out) : out), data);
}

function templateToolInput(tool: string, data: Data): Data {
  switch (tool) {
    case 'registrar_esquema_curso':
      return Array.isArray(data.material) ? withMaterialTitles(outline(data), data.material) : outline(data);
    case 'registrar_sugerencias':
      return suggestions(data);
    case 'registrar_leccion':
      return offlineLesson(data);
    case 'registrar_leccion_con_fuentes':
      return offlineGroundedLesson(data);
    case 'registrar_evaluacion':
      return offlineEvaluation(data);
    case 'verificar_preguntas':
      return offlineVerdicts(data);
    case 'responder_al_alumno':
      return offlineTutorAnswer(data);
    case 'revisar_respuesta_tutor':
      return offlineLeakVerdict(data);
    case 'registrar_diplomado':
      return offlineDiplomado(data);
    case 'calificar_respuesta':
      return offlineGrade(data);
    case 'juzgar_contenido':
      return offlineJudge(data);
    case 'registrar_refuerzo':
      return offlineRemedial(data);
    case 'corregir_diagramas':
      return offlineDiagramRepair(data);
    default:
      throw new Error(`The offline writer does not know the tool ${tool}`);
  }
}

/** The blind verifier's answer as the text lines it is asked for (issue 33: no tool). */
export const offlineVerdictText = (data: Data) =>
  (offlineToolInput('verificar_preguntas', data).veredictos as Parameters<typeof verdictLine>[0][]).map(verdictLine).join('\n');

/** A plain-text answer (no tool), e.g. for the tutor chat. */
export const offlineText = (question: string) =>
  `**Modo demostración.** No hay un modelo de IA conectado, así que esta respuesta es un ejemplo fijo.\n\n` +
  `Preguntaste: "${question.slice(0, 200)}". Con un modelo configurado, el tutor respondería usando el contenido de tu curso.`;
