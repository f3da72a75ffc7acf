import { TUTOR_SYSTEM, learnerRule } from './shared';
import { MAX_TOKENS } from './max-tokens';

// Questions are written from the lessons' own text, after the lessons exist (docs/pipeline.md).
// Where the correct option ends up is decided by code (crypto.randomInt), never by the model.
// A bank is written in batches (lambdas/evaluations/question-bank.ts, BANK_BATCH questions a call,
// each call's maxTokens cut to its size by batchMaxTokens): maxTokens here is the most any batch may
// ask, under Nova Lite's real 5K output limit; `lote` spreads the batches and `evitar`
// lists the stems the bank already has, so a top-up brings new questions.

export const evaluationPrompt = {
  purpose: 'evaluation' as const,
  version: 'evaluacion-v5',
  tool: 'registrar_evaluacion',
  toolDescription: 'Registra preguntas de opción múltiple del módulo, cada una basada en una frase de una de sus lecciones.',
  system: TUTOR_SYSTEM,
  maxTokens: MAX_TOKENS.evaluation,
  // Issue 33: the module's lessons repeat across its batches, so they go first, behind a prompt cache point.
  cachedData: ['curso', 'modulo', 'lecciones'] as const,
  instructions: (d: Record<string, unknown>) =>
    (Array.isArray(d.reescribir)
      ? 'Reescribe cada pregunta de "reescribir" corrigiendo los "problemas" indicados, con las mismas reglas. '
      : `Escribe ${Number(d.preguntas)} preguntas de opción múltiple para el banco de evaluación del módulo, repartidas entre ` +
        'todas sus lecciones. ' +
        (Number(d.lotes) > 1 ? `Es el lote ${Number(d.lote)} de ${Number(d.lotes)}: pregunta por ideas distintas de las que elegirían los otros lotes. ` : '') +
        (Array.isArray(d.evitar) ? 'El banco ya tiene las preguntas de "evitar": no las repitas ni las reformules; pregunta por otras ideas. ' : '')) +
        'Usa SOLO lo que enseña el texto de las lecciones de los datos. Cada pregunta indica el lessonId de su lección, ' +
        'el "objetivoId" del objetivo del módulo que mide (uno de los que enseña esa lección; reparte las preguntas entre ' +
        'todos los objetivos), su nivel de Bloom ("bloom": al menos dos de cada tres por encima de recordar: que el alumno ' +
        'explique, aplique a un caso o distinga, no que repita) y la "fuente": una frase copiada literalmente de esa lección en la que ' +
        'se apoya la respuesta. Cada pregunta tiene cuatro opciones distintas y exactamente una defendible como correcta; ' +
        'las incorrectas son errores plausibles que comete quien no entendió la lección, y cada una lleva en "conceptoErroneo" ' +
        'la idea equivocada que revela elegirla, en lenguaje llano y sin decir cuál es la respuesta correcta. Cada opción lleva una explicación ' +
        'breve de por qué es correcta o incorrecta. El enunciado no debe dejar ver la respuesta ni repetir su texto. ' +
        'Prohibido usar "todas las anteriores", "ninguna de las anteriores" o similares. Las cuatro opciones tienen una ' +
        'longitud parecida. Evalúa comprensión y aplicación, no memoria literal. Escribe en español. ' +
        // Issue 33: the same form of address and country as the lessons the questions rest on.
        learnerRule(d.alumno) +
        (d.fundamentada
          ? ' Las lecciones se escribieron a partir del material del alumno y marcan cada afirmación con su fuente " [n]": ' +
          'la "fuente" de cada pregunta es una frase que lleva esa marca, copiada con la marca incluida, y la respuesta ' +
          'correcta es lo que dice esa frase. Las opciones no llevan marcas.'
          : ''),
};
