import { LESSON_WORDS, LEVEL_MEANING, TUTOR_SYSTEM, learnerRule } from './shared';
import { MAX_TOKENS } from './max-tokens';

// The lesson prompt works on the course plan (lambdas/shared/ai/lesson-writer.ts builds its data):
// the course's goal and outline, the module's plan, the lessons before and after this one, the
// objectives it teaches, summaries of the lessons already written, the learner's country and form of
// address, the level's meaning and a length target. The answer comes in sections (schemas.ts lessonOutput),
// with up to two diagrams where a picture teaches: the lesson writer adds that rule (issue 43,
// prompts/diagrams.ts `withDiagramRule`), so only the Lambdas that write lessons carry its text.

const level = (d: Record<string, unknown>) => String((d.curso as { level?: string } | undefined)?.level ?? 'principiante');

export const lessonPrompt = {
  purpose: 'lesson' as const,
  // v4: the diagram rule (added by lesson-writer.ts), part of every lesson prompt sent.
  version: 'leccion-v4',
  tool: 'registrar_leccion',
  toolDescription: 'Registra una lección por secciones: objetivos, introducción, explicación, ejemplo resuelto, ejercicio con solución, autoevaluación y resumen.',
  system: TUTOR_SYSTEM,
  maxTokens: MAX_TOKENS.lesson,
  instructions: (d: Record<string, unknown>) => {
    const [min, max] = LESSON_WORDS[level(d)] ?? LESSON_WORDS.principiante;
    return (
      'Escribe la lección "leccion" de los datos. Sigue el plan de su módulo ("modulo": objetivos, términos clave, ' +
      'conceptos erróneos y ejemplo conductor): trabaja los objetivos que le tocan, define los términos clave que use, ' +
      'corrige de forma explícita los conceptos erróneos que vengan a cuento y usa el ejemplo conductor en el ejemplo ' +
      'resuelto o el ejercicio. Sirve a la meta del curso ("curso.meta"). "anteriores" son las lecciones que el alumno ' +
      'ya ha visto (apóyate en ellas sin repetirlas) y "siguientes" las que verá después (no las adelantes); "temario" ' +
      'es el esquema del curso entero. Enseña los "objetivosLeccion" (cada uno hasta su nivel de Bloom): la ' +
      'explicación, el ejemplo, el ejercicio y la autoevaluación deben permitir al alumno lograrlos. ' +
      '"resumenesAnteriores" resume lo que dijeron las lecciones anteriores ya escritas: no repitas sus explicaciones, ' +
      'remite a ellas cuando te apoyes en algo suyo, usa un ejemplo propio distinto de los suyos y corrige conceptos ' +
      'erróneos distintos de los que ellas ya trataron. ' +
      `${learnerRule(d.alumno)} ` +
      `Nivel del alumno: ${LEVEL_MEANING[level(d)] ?? LEVEL_MEANING.principiante} ` +
      `Extensión: entre ${min} y ${max} palabras en total. ` +
      'Secciones: objetivos de la lección; una introducción breve; la explicación en 2 a 6 apartados con subtítulo ' +
      '(Markdown, con bloques de código con su lenguaje si el tema es técnico); un ejemplo resuelto paso a paso; un ' +
      'ejercicio con su solución razonada; 2 o 3 preguntas de autoevaluación con su respuesta breve; y un resumen con ' +
      'los puntos clave. Todo en español; escribe solo el contenido, sin saludos, sin "Aquí tienes" y sin ' +
      'ofrecer más ayuda al final.'
    );
  },
};
