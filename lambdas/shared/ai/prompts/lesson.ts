import { TUTOR_SYSTEM } from './shared';

export const lessonPrompt = {
  purpose: 'lesson' as const,
  version: 'leccion-v1',
  tool: 'registrar_leccion',
  toolDescription: 'Registra el contenido completo de una lección en Markdown.',
  system: TUTOR_SYSTEM,
  maxTokens: 6000,
  instructions: () =>
    'Escribe la lección indicada en los datos, dentro del curso y el módulo indicados, en Markdown: un título de ' +
    'nivel 2, una introducción breve, las explicaciones con subtítulos, al menos un ejemplo práctico (con bloques de ' +
    'código con su lenguaje si el tema es técnico), errores frecuentes y un resumen final con los puntos clave. ' +
    'No repitas el contenido de las otras lecciones del módulo, que se listan para que sepas qué cubren.',
};
