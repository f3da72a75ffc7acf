import { TUTOR_SYSTEM } from './shared';
import { MAX_TOKENS } from './max-tokens';

export const suggestionsPrompt = {
  purpose: 'suggestions' as const,
  version: 'sugerencias-v1',
  tool: 'registrar_sugerencias',
  toolDescription: 'Registra entre 3 y 6 propuestas de curso para el tema y el nivel indicados.',
  system: TUTOR_SYSTEM,
  maxTokens: MAX_TOKENS.suggestions,
  instructions: () =>
    'Propón entre 3 y 6 cursos distintos sobre el tema y el nivel de los datos. Cada propuesta tiene un título ' +
    'atractivo, una descripción de dos o tres frases, el nivel, una duración estimada realista y de 3 a 6 cosas ' +
    'concretas que el alumno aprenderá. Las propuestas deben cubrir enfoques diferentes, no repetirse.',
};
