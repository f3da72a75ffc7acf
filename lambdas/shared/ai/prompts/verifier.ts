import { parseVerdictLines, VERDICT_FORMAT } from '../verdict-lines';
import { MAX_TOKENS } from './max-tokens';

// A model of another family than the writer (model-table.ts ROUTES) reviews every generated
// question before it can be stored (lambdas/shared/ai/verifier.ts). It answers blind: it sees the
// stem, the options in a random order and the lesson sentence, never the intended key. It answers
// in plain text, one line per question (verdict-lines.ts), parsed back into the same schema: the
// routed model (OpenAI gpt-oss-120b) has no documented forced tool choice on Bedrock.

export const verifierPrompt = {
  purpose: 'verifier' as const,
  version: 'verificador-v3-texto',
  // No tool is sent: the name identifies the call (logs, tests) as before.
  tool: 'verificar_preguntas',
  toolDescription: 'Responde y da tu veredicto sobre cada pregunta de opción múltiple recibida.',
  system:
    'Eres un experto en la materia y un revisor exigente de preguntas de opción múltiple en español. ' +
    'Respondes siempre en el formato de texto indicado, sin introducción ni comentarios.',
  maxTokens: MAX_TOKENS.verifier,
  parseText: parseVerdictLines,
  instructions: () =>
    'Responde como experto cada pregunta de "preguntas" (se numeran desde 0 en "indice"); no se te indica cuál es la ' +
    'respuesta correcta. Para cada una indica: "respuesta", la letra de la opción que tú eliges como correcta según la ' +
    '"fuente" (una frase de la lección) y el tema; "opcionesDefendibles", las letras de TODAS las opciones que un ' +
    'experto podría defender como correctas; "enunciadoDelata", sí si el enunciado deja ver la respuesta (repite ' +
    'su texto, la insinúa o descarta las demás); y "valida", sí solo si exactamente una opción es defendible, el ' +
    'enunciado no la delata, ninguna opción es "todas/ninguna de las anteriores" y ninguna destaca por su longitud. En ' +
    '"motivo" explica en una frase breve (15 palabras como mucho), en español, por qué la aceptas o la rechazas.\n\n' +
    VERDICT_FORMAT,
};
