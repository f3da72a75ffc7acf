import type { AulaItem, MemberItem } from '../../../lambdas/aulas/aula-items';
import type { Attempt, GroupReads } from '../../../lambdas/aulas/group-reads';
import { groupView } from '../../../lambdas/aulas/group-view';
import type { BankQuestion } from '../../../lambdas/shared/ai/schemas';
import { WITHDRAWAL_TEXT } from '../../../lambdas/evaluations/item-quality';

// The teacher's page from what was read (issue 25, docs/aulas.md): who is behind, what the group
// misses, and members whose account is gone left out.

const aula: AulaItem = {
  aulaId: 'a', teacherId: 't', profesor: 'Marta', nombre: 'Grupo', codigo: 'K7MP3QXA', miembros: 3, maxMiembros: 30, creadoEn: '2026-11-25',
  cursos: [{ courseId: 'c', titulo: 'La célula', modulos: [{ moduleId: 'm01', titulo: 'Membrana', lecciones: 4 }] }],
};
const member = (userId: string, nombre: string): MemberItem => ({ userId, nombre, unidoEn: '2026-11-25', copias: { c: `copy-${userId}` } });
const q = (preguntaId: string, enunciado: string): BankQuestion => ({ preguntaId, enunciado, opciones: ['a', 'b', 'c', 'd'], correcta: 'A', explicacion: 'porque sí' });
const attempt = (respuestas: Record<string, string>, score: number): Attempt => ({ version: 'v', score, aprobado: score >= 85, fecha: '2026-11-25', respuestas });

function reads(done: Record<string, number>, attempts: Record<string, Attempt[]>, present = Object.keys(done)): GroupReads {
  return {
    present: new Set(present),
    course: (m) => ({ completadas: done[m], completadasPorModulo: { m01: done[m] }, totalLecciones: 4 }),
    attempts: (m) => attempts[m] ?? [],
    certificate: () => undefined,
    bank: () => new Map([['p1', q('p1', '¿Qué regula la membrana?')], ['p2', q('p2', '¿Dónde está el ADN?')]]),
  };
}

test('a member 25 points or more under the median is behind; one near it is not', () => {
  const view = groupView(aula, [member('u1', 'Ana'), member('u2', 'Beto'), member('u3', 'Carla')], reads({ u1: 4, u2: 3, u3: 1 }, {}));
  expect(view.medianaProgreso).toBe(75);
  expect(view.miembros.map((m) => [m.nombre, m.progreso.porcentaje, m.rezagado])).toEqual([['Ana', 100, false], ['Beto', 75, false], ['Carla', 25, true]]);
});

test('the most missed questions count every answer against the teacher\'s bank, most wrong first, and never carry the key', () => {
  const view = groupView(aula, [member('u1', 'Ana'), member('u2', 'Beto')], reads({ u1: 0, u2: 0 }, {
    u1: [attempt({ p1: 'B', p2: 'A' }, 50), attempt({ p1: 'C', p2: 'A' }, 50)],
    u2: [attempt({ p1: 'A', p2: 'D', p9: 'B' }, 50)],
  }));
  expect(view.preguntasMasFalladas).toEqual([
    { courseId: 'c', curso: 'La célula', moduleId: 'm01', enunciado: '¿Qué regula la membrana?', fallos: 2, respuestas: 3 },
    { courseId: 'c', curso: 'La célula', moduleId: 'm01', enunciado: '¿Dónde está el ADN?', fallos: 1, respuestas: 3 },
  ]);
  expect(JSON.stringify(view)).not.toContain('porque sí');
  expect(view.miembros[0].cursos[0].modulos[0].evaluacion).toEqual({ intentos: 2, mejorNota: 50, aprobado: false });
});

test('a member whose account is gone is not shown, and nobody alone is ever behind', () => {
  const view = groupView(aula, [member('u1', 'Ana'), member('u2', 'Beto')], reads({ u1: 0, u2: 4 }, {}, ['u1']));
  expect(view.miembros.map((m) => [m.nombre, m.rezagado])).toEqual([['Ana', false]]);
});

test('lists the teacher\'s questions that item statistics withdrew from every draw, with why in words, and no key', () => {
  const withStats: GroupReads = { ...reads({ u1: 0 }, {}), item: (x) => (x.preguntaId === 'p2' ? { n: 60, ok: 21, retirada: 'discrimina_al_reves' } : { n: 60, ok: 40 }) };
  const view = groupView(aula, [member('u1', 'Ana')], withStats);
  expect(view.preguntasRetiradas).toEqual([
    { courseId: 'c', curso: 'La célula', moduleId: 'm01', enunciado: '¿Dónde está el ADN?', motivo: WITHDRAWAL_TEXT.discrimina_al_reves, respuestas: 60, aciertos: 35 },
  ]);
  expect(groupView(aula, [member('u1', 'Ana')], reads({ u1: 0 }, {})).preguntasRetiradas).toEqual([]);
});
