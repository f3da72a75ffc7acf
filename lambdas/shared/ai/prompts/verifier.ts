import { TUTOR_SYSTEM } from './shared';

// A second, cheaper model reviews every generated question before it can be stored
// (lambdas/shared/ai/verifier.ts). It sees the question's source sentence and the intended key.

export const verifierPrompt = {
  purpose: 'verifier' as const,
  version: 'verificador-v1',
  tool: 'verificar_preguntas',
  toolDescription: 'Registra el veredicto sobre cada pregunta de opción múltiple recibida.',
  system: TUTOR_SYSTEM,
  maxTokens: 3000,
  instructions: () =>
    'Revisa como experto cada pregunta de "preguntas" (se numeran desde 0 en "indice"). Para cada una indica: ' +
    '"opcionesDefendibles", las letras de TODAS las opciones que un experto podría defender como correctas según la ' +
    '"fuente" y el tema; "enunciadoDelata", verdadero si el enunciado deja ver la respuesta (repite su texto, la ' +
    'insinúa o descarta las demás); y "valida", verdadero solo si exactamente una opción es defendible, es la ' +
    '"correcta" indicada, el enunciado no la delata, ninguna opción es "todas/ninguna de las anteriores" y ninguna ' +
    'destaca por su longitud. En "motivo" explica en una frase, en español, por qué la aceptas o la rechazas.',
};
