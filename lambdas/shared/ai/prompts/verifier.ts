import { TUTOR_SYSTEM } from './shared';

// A model of another family than the writer (model-table.ts ROUTES) reviews every generated
// question before it can be stored (lambdas/shared/ai/verifier.ts). It answers blind: it sees the
// stem, the options in a random order and the lesson sentence, never the intended key.

export const verifierPrompt = {
  purpose: 'verifier' as const,
  version: 'verificador-v2-ciego',
  tool: 'verificar_preguntas',
  toolDescription: 'Registra tu respuesta y tu veredicto sobre cada pregunta de opción múltiple recibida.',
  system: TUTOR_SYSTEM,
  maxTokens: 3000,
  instructions: () =>
    'Responde como experto cada pregunta de "preguntas" (se numeran desde 0 en "indice"); no se te indica cuál es la ' +
    'respuesta correcta. Para cada una indica: "respuesta", la letra de la opción que tú eliges como correcta según la ' +
    '"fuente" (una frase de la lección) y el tema; "opcionesDefendibles", las letras de TODAS las opciones que un ' +
    'experto podría defender como correctas; "enunciadoDelata", verdadero si el enunciado deja ver la respuesta (repite ' +
    'su texto, la insinúa o descarta las demás); y "valida", verdadero solo si exactamente una opción es defendible, el ' +
    'enunciado no la delata, ninguna opción es "todas/ninguna de las anteriores" y ninguna destaca por su longitud. En ' +
    '"motivo" explica en una frase breve (15 palabras como mucho), en español, por qué la aceptas o la rechazas.',
};
