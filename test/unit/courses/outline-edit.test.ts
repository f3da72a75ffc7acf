import { outlineEdit } from '../../../lambdas/contract';
import type { OutlineModule } from '../../../lambdas/courses/course-items';
import { applyOutlineEdit } from '../../../lambdas/courses/outline-edit';

const written: OutlineModule[] = [
  { moduleId: 'm01', titulo: 'Bases', descripcion: 'Lo básico', plan: { objetivos: ['a'], terminosClave: ['b'], conceptosErroneos: ['c'], ejemploConductor: 'd' }, lecciones: [{ lessonId: 'l01', titulo: 'Uno', resumen: 'r1' }, { lessonId: 'l02', titulo: 'Dos', resumen: 'r2' }, { lessonId: 'l03', titulo: 'Tres', resumen: 'r3' }] },
  { moduleId: 'm02', titulo: 'Más', descripcion: 'Lo siguiente', lecciones: [{ lessonId: 'l01', titulo: 'Cuatro', resumen: 'r4' }, { lessonId: 'l02', titulo: 'Cinco', resumen: 'r5' }] },
];
const lessons = (n: number) => Array.from({ length: n }, (_, i) => ({ titulo: `Lección ${i + 1}` }));
const message = (body: unknown) => {
  const r = outlineEdit.safeParse(body);
  return r.success ? undefined : r.error.issues[0].message;
};

describe('the outline edit (PUT /courses/{id}/outline)', () => {
  it('accepts the course shape: 2-8 modules, 2-6 lessons each, titles of 3+ characters', () => {
    expect(message({ modulos: [{ titulo: 'Uno', lecciones: lessons(2) }, { titulo: 'Dos', lecciones: lessons(6) }] })).toBeUndefined();
    expect(message({ modulos: [{ titulo: 'Uno', lecciones: lessons(2) }] })).toBe('El curso debe tener al menos 2 módulos');
    expect(message({ modulos: Array(9).fill({ titulo: 'Uno', lecciones: lessons(2) }) })).toBe('El curso puede tener como máximo 8 módulos');
    expect(message({ modulos: [{ titulo: 'Uno', lecciones: lessons(1) }, { titulo: 'Dos', lecciones: lessons(2) }] })).toBe('Cada módulo debe tener al menos 2 lecciones');
    expect(message({ modulos: [{ titulo: 'Uno', lecciones: lessons(7) }, { titulo: 'Dos', lecciones: lessons(2) }] })).toBe('Cada módulo puede tener como máximo 6 lecciones');
    expect(message({ modulos: [{ titulo: 'A', lecciones: lessons(2) }, { titulo: 'Dos', lecciones: lessons(2) }] })).toBe('El título del módulo debe tener al menos 3 caracteres');
  });

  it('refuses unknown fields, malformed ids and a module named twice', () => {
    expect(outlineEdit.safeParse({ modulos: [{ titulo: 'Uno', lecciones: lessons(2), extra: 1 }, { titulo: 'Dos', lecciones: lessons(2) }] }).error?.issues[0].code).toBe('unrecognized_keys');
    expect(message({ modulos: [{ moduleId: 'COURSE#x', titulo: 'Uno', lecciones: lessons(2) }, { titulo: 'Dos', lecciones: lessons(2) }] })).toBe('El módulo no es válido');
    expect(message({ modulos: [{ moduleId: 'm01', titulo: 'Uno', lecciones: lessons(2) }, { moduleId: 'm01', titulo: 'Dos', lecciones: lessons(2) }] })).toBe('Un módulo aparece dos veces en el temario');
  });

  it('renumbers by position, keeps what the model wrote for kept modules and lessons, starts new ones empty', () => {
    const edit = outlineEdit.parse({
      modulos: [
        { moduleId: 'm02', titulo: 'Más (primero)', lecciones: [{ lessonId: 'l02', titulo: 'Cinco' }, { titulo: 'Nueva' }] },
        { moduleId: 'm01', titulo: 'Bases', lecciones: [{ lessonId: 'l01', titulo: 'Uno renombrada' }, { lessonId: 'l03', titulo: 'Tres' }] },
      ],
    });
    expect(applyOutlineEdit(written, edit)).toEqual([
      { moduleId: 'm01', titulo: 'Más (primero)', descripcion: 'Lo siguiente', lecciones: [{ lessonId: 'l01', titulo: 'Cinco', resumen: 'r5' }, { lessonId: 'l02', titulo: 'Nueva', resumen: '' }] },
      { moduleId: 'm02', titulo: 'Bases', descripcion: 'Lo básico', plan: written[0].plan, lecciones: [{ lessonId: 'l01', titulo: 'Uno renombrada', resumen: 'r1' }, { lessonId: 'l02', titulo: 'Tres', resumen: 'r3' }] },
    ]);
  });
});
