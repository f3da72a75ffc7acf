import type { Data } from './offline-writer-data';

// The offline writer's diplomado: a deterministic programme of four courses built from the topic,
// labelled as demonstration content.

const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);

const STEPS = [
  ['Fundamentos de', 'Lo esencial para empezar con buen pie'],
  ['Práctica guiada de', 'Ejercicios y casos paso a paso'],
  ['Técnicas avanzadas de', 'Cómo resolver problemas más ricos'],
  ['Proyecto final de', 'Un proyecto completo que reúne todo lo aprendido'],
];

export function offlineDiplomado(d: Data) {
  const topic = str(d.topic, 'el tema elegido');
  const level = str(d.level ?? d.nivel, 'principiante');
  const objetivo = typeof d.objetivo === 'string' && d.objetivo.trim() ? ` con el objetivo de ${d.objetivo.trim()}` : '';
  return {
    titulo: `Diplomado en ${topic}`.slice(0, 120),
    descripcion: `Programa de demostración de nivel ${level} sobre ${topic}${objetivo}, generado sin servicio de IA.`.slice(0, 800),
    cursos: STEPS.map(([prefix, about], i) => ({
      titulo: `${prefix} ${topic}`.slice(0, 110),
      descripcion: `${about}: curso ${i + 1} de ${STEPS.length} del diplomado en ${topic} (nivel ${level}).`,
      objetivos: [`Dominar ${prefix.toLocaleLowerCase('es')} ${topic}`.slice(0, 200), `Aplicar lo aprendido en un caso práctico de ${topic}`.slice(0, 200)],
      prerrequisitos: i === 0 ? [] : [`${STEPS[i - 1][0]} ${topic}`.slice(0, 200)],
    })),
  };
}
