import type { CourseItem, EvaluationItem, LessonItem } from '../../../lambdas/course-model/course-items';
import { PASS_MARK } from '../../../lambdas/contract';
import { percent, progressFromCounters, toDetail, toProgress } from '../../../lambdas/course-model/course-view';

const course = {
  courseId: 'c1', userId: 'u1', jobId: 'j1', topic: 'Python', nivel: 'principiante', titulo: 'Python', descripcion: 'd', objetivos: [],
  estado: 'listo', modo: 'demostracion', solicitud: { modulos: 2, leccionesPorModulo: 2 }, totalLecciones: 4, completadas: 1,
  completadasPorModulo: { m01: 1, m02: 0 }, tokensEntrada: 5, tokensSalida: 7, modelos: new Set(['b', 'a']), createdAt: 't', updatedAt: 't',
  modulos: ['m01', 'm02'].map((moduleId) => ({
    moduleId, titulo: moduleId, descripcion: '',
    lecciones: ['l01', 'l02'].map((lessonId) => ({ lessonId, titulo: lessonId, resumen: '' })),
  })),
} as CourseItem;
const lesson = (moduleId: string, lessonId: string, progreso?: LessonItem['progreso'], estado: LessonItem['estado'] = 'lista'): LessonItem => ({
  courseId: 'c1', moduleId, lessonId, estado, contenido: `# ${lessonId}`, progreso,
});
const evaluation: EvaluationItem = {
  courseId: 'c1', moduleId: 'm01', estado: 'lista', version: 'v1',
  preguntas: [{ preguntaId: 'p1', enunciado: '¿?', opciones: ['a', 'b', 'c', 'd'], correcta: 'C', explicacion: 'porque' }],
  intentos: [{ version: 'v1', score: 100, aprobado: true, fecha: 'f', respuestas: { p1: 'C' } }],
};
const items = {
  course,
  lessons: [lesson('m01', 'l01', 'completado'), lesson('m01', 'l02', 'en_curso'), lesson('m02', 'l01', 'completado'), lesson('m02', 'l02', undefined, 'pendiente')],
  evaluations: [evaluation],
};

describe('course percentages', () => {
  it('round to whole numbers and never exceed the total', () => {
    expect(percent(1, 3)).toEqual({ completadas: 1, total: 3, porcentaje: 33 });
    expect(percent(5, 4)).toEqual({ completadas: 4, total: 4, porcentaje: 100 });
    expect(percent(0, 0).porcentaje).toBe(0);
  });

  it('are derived per module and per course from the lesson states', () => {
    const p = toProgress(items);
    expect(p.progreso).toEqual({ completadas: 2, total: 4, porcentaje: 50 });
    expect(p.modulos).toEqual([
      { moduleId: 'm01', progreso: { completadas: 1, total: 2, porcentaje: 50 } },
      { moduleId: 'm02', progreso: { completadas: 1, total: 2, porcentaje: 50 } },
    ]);
    expect(p.lecciones.map((l) => l.estado)).toEqual(['completado', 'en_curso', 'completado', 'pendiente']);
  });

  it('come from the course counters right after a write', () => {
    expect(progressFromCounters(course).modulos.map((m) => m.progreso.porcentaje)).toEqual([50, 0]);
  });
});

describe('the course view', () => {
  it('shows each lesson state with its content and the usage record', () => {
    const d = toDetail(items);
    expect(d.modulos[1].lecciones[1]).toEqual({ lessonId: 'l02', titulo: 'l02', resumen: '', estado: 'pendiente', contenido: '# l02', progreso: 'pendiente', objetivos: ['o2'] });
    expect(d.uso).toEqual({ tokensEntrada: 5, tokensSalida: 7, modelos: ['a', 'b'], costeEstimadoUSD: 0, porModelo: [] });
  });

  it('prices the course model by model at the model table\'s list prices', () => {
    const course = { ...items.course, 'tokensEntrada:us.amazon.nova-lite-v1:0': 100_000, 'tokensSalida:us.amazon.nova-lite-v1:0': 100_000, 'tokensEntrada:us.amazon.nova-micro-v1:0': 1_000_000 };
    const { uso } = toDetail({ ...items, course });
    expect(uso.porModelo).toEqual([
      { modelId: 'us.amazon.nova-lite-v1:0', tokensEntrada: 100_000, tokensSalida: 100_000, costeEstimadoUSD: 0.03 },
      { modelId: 'us.amazon.nova-micro-v1:0', tokensEntrada: 1_000_000, tokensSalida: 0, costeEstimadoUSD: 0.035 },
    ]);
    expect(uso.costeEstimadoUSD).toBe(0.065);
  });

  it('leaves lesson text out when asked to', () => {
    expect(toDetail(items, false).modulos[0].lecciones[0].contenido).toBeUndefined();
  });

  it('tells the evaluation state and attempts but never its answers', () => {
    const d = toDetail(items);
    expect(d.modulos[0].evaluacion).toEqual({ estado: 'lista', preguntas: 1, intentos: [{ intento: 1, score: 100, aprobado: true, fecha: 'f' }], aprobada: true, aprobarCon: PASS_MARK });
    expect(JSON.stringify(d)).not.toMatch(/correcta|explicacion|respuestas/);
  });
});
