import { outlineEdit } from '../../../lambdas/contract';
import type { OutlineModule } from '../../../lambdas/course-model/course-items';
import { applyOutlineEdit, trimOutline } from '../../../lambdas/course-model/outline-edit';
import { outlineLimit } from '../../../lambdas/plans/plans';

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
    expect(applyOutlineEdit(written, edit, { modulos: 2, leccionesPorModulo: 3 })).toEqual([
      { moduleId: 'm01', titulo: 'Más (primero)', descripcion: 'Lo siguiente', lecciones: [{ lessonId: 'l01', titulo: 'Cinco', resumen: 'r5' }, { lessonId: 'l02', titulo: 'Nueva', resumen: '' }] },
      { moduleId: 'm02', titulo: 'Bases', descripcion: 'Lo básico', plan: written[0].plan, lecciones: [{ lessonId: 'l01', titulo: 'Uno renombrada', resumen: 'r1' }, { lessonId: 'l02', titulo: 'Tres', resumen: 'r3' }] },
    ]);
  });

  it('refuses, in Spanish, an edit with more modules than the course was asked with (2 asked, 8 sent)', () => {
    const edit = outlineEdit.parse({ modulos: Array.from({ length: 8 }, (_, i) => ({ titulo: `Módulo ${i + 1}`, lecciones: lessons(2) })) });
    expect(() => applyOutlineEdit(written, edit, outlineLimit({ modulos: 2, leccionesPorModulo: 3 }))).toThrow(
      expect.objectContaining({ status: 400, message: 'Tu temario puede tener como máximo 2 módulos, los que pediste al crear el curso. Quita alguno para continuar.' }),
    );
  });

  it('refuses an edit with more lessons in a module than were asked per module (3 asked, 6 sent)', () => {
    const edit = outlineEdit.parse({ modulos: [{ moduleId: 'm01', titulo: 'Bases', lecciones: lessons(6) }, { moduleId: 'm02', titulo: 'Más', lecciones: lessons(2) }] });
    expect(() => applyOutlineEdit(written, edit, outlineLimit({ modulos: 2, leccionesPorModulo: 3 }))).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/^Cada módulo puede tener como máximo 3 lecciones.*«Bases»/) }),
    );
  });

  it('lets a learner swap a lesson for another within the size asked', () => {
    const edit = outlineEdit.parse({ modulos: [{ moduleId: 'm01', titulo: 'Bases', lecciones: [{ lessonId: 'l01', titulo: 'Uno' }, { titulo: 'Otra' }, { lessonId: 'l03', titulo: 'Tres' }] }, { moduleId: 'm02', titulo: 'Más', lecciones: lessons(3) }] });
    expect(applyOutlineEdit(written, edit, { modulos: 2, leccionesPorModulo: 3 }).map((m) => m.lecciones.length)).toEqual([3, 3]);
  });
});

describe('a model outline longer than asked', () => {
  it('is cut to the modules asked and the lessons asked per module', () => {
    const model = Array.from({ length: 8 }, (_, i) => ({ titulo: `M${i}`, lecciones: lessons(6) }));
    const out = trimOutline(model, { modulos: 3, leccionesPorModulo: 2 });
    expect(out.trimmed).toBe(true);
    expect(out.modulos.map((m) => [m.titulo, m.lecciones.length])).toEqual([['M0', 2], ['M1', 2], ['M2', 2]]);
  });

  it('is left alone when it fits', () => {
    const model = [{ titulo: 'M0', lecciones: lessons(2) }, { titulo: 'M1', lecciones: lessons(1) }];
    expect(trimOutline(model, { modulos: 2, leccionesPorModulo: 2 })).toEqual({ modulos: model, trimmed: false });
  });

  it('never grows past the plan, whatever was asked', () => {
    expect(outlineLimit({ modulos: 50, leccionesPorModulo: 50 }, 'gratuito')).toEqual({ modulos: 8, leccionesPorModulo: 6 });
  });
});
