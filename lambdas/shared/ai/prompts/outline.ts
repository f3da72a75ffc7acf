import { TUTOR_SYSTEM } from './shared';
import { OUTLINE_FROM_MATERIAL } from './grounded';
import { MAX_TOKENS } from './max-tokens';

export const outlinePrompt = {
  purpose: 'outline' as const,
  version: 'esquema-v5',
  tool: 'registrar_esquema_curso',
  toolDescription: 'Registra el esquema completo del curso: su plan, sus módulos (cada uno con su plan) y sus lecciones.',
  system: TUTOR_SYSTEM,
  maxTokens: MAX_TOKENS.outline,
  instructions: (d: Record<string, unknown>) =>
    `Diseña el plan de un curso sobre el tema y el nivel de los datos, con exactamente ${String(d.modulos)} módulos ` +
    `y ${String(d.leccionesPorModulo)} lecciones por módulo. Los módulos avanzan de lo básico a lo aplicado. ` +
    'Para cada módulo escribe su plan, que seguirán todas sus lecciones: de 2 a 5 objetivos (lo que el alumno sabrá hacer ' +
    'al terminarlo), cada uno con su id (o1, o2… en orden), un enunciado medible que empieza por un verbo observable ' +
    '("Calcula…", "Distingue…", "Explica…") y su nivel de Bloom (recordar, comprender, aplicar, analizar, evaluar o crear; ' +
    'la mayoría por encima de recordar); después, sus lecciones: cada una con un título ' +
    'preciso, un resumen de una o dos frases de lo que enseña y los id de los objetivos del módulo que enseña; ' +
    'ninguna repite lo de otra y cada objetivo lo enseña al menos una lección. Tras las lecciones, completa el plan del ' +
    'módulo: los términos clave que define, los conceptos erróneos frecuentes que corrige y un ejemplo conductor ' +
    '(un caso concreto que recorre todas sus lecciones). Si hay objetivos del ' +
    'alumno, el curso debe cubrirlos. Escribe primero los módulos y, después de ellos, el título, una descripción y los objetivos del curso. ' +
    'Todo en español; escribe solo el contenido, sin saludos ni comentarios.' +
    (Array.isArray(d.material) ? OUTLINE_FROM_MATERIAL : ''),
};
