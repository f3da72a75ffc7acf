import { TUTOR_SYSTEM } from './shared';

export const outlinePrompt = {
  purpose: 'outline' as const,
  version: 'esquema-v1',
  tool: 'registrar_esquema_curso',
  toolDescription: 'Registra el esquema completo del curso: módulos y lecciones.',
  system: TUTOR_SYSTEM,
  maxTokens: 4000,
  instructions: (d: Record<string, unknown>) =>
    `Diseña el esquema de un curso sobre el tema y el nivel de los datos, con exactamente ${d.modulos} módulos ` +
    `y ${d.leccionesPorModulo} lecciones por módulo. Los módulos avanzan de lo básico a lo aplicado; cada lección ` +
    'tiene un título preciso y un resumen de una o dos frases de lo que enseña. Si hay objetivos del alumno, ' +
    'el curso debe cubrirlos. Escribe también el título, una descripción y los objetivos del curso.',
};
