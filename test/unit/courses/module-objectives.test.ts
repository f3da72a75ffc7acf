import { applyOutlineEdit, consistentObjectives, lessonObjectives, moduleObjectives, questionObjective, type OutlineModule } from '../../../lambdas/course-model';

const o = (id: string, enunciado = `Explica la idea ${id}`) => ({ id, enunciado, bloom: 'comprender' as const });

describe('objectives as data on the outline', () => {
  it('renumbers a model’s ids, maps the lessons and gives an untaught objective to a lesson', () => {
    const out = consistentObjectives([o('o2'), o('o5'), o('o7')], [{ titulo: 'A', objetivos: ['o5', 'o9'] }, { titulo: 'B', objetivos: ['o2'] }]);
    expect(out.objetivos.map((x) => x.id)).toEqual(['o1', 'o2', 'o3']);
    expect(out.lecciones.map((l) => l.objetivos)).toEqual([['o2', 'o3'], ['o1']]);
  });

  it('gives a course from before one objective per lesson, and questions their lesson’s', () => {
    const m = { objetivos: undefined, lecciones: [{ lessonId: 'l01', titulo: 'Git', resumen: '' }, { lessonId: 'l02', titulo: 'Ramas y fusiones', resumen: '' }] };
    expect(moduleObjectives(m)).toEqual([{ id: 'o1', enunciado: 'Comprender «Git»', bloom: 'comprender' }, { id: 'o2', enunciado: 'Ramas y fusiones', bloom: 'comprender' }]);
    expect(lessonObjectives(m, 'l02')).toEqual(['o2']);
    expect(questionObjective(m, { lessonId: 'l02', objetivoId: 'o1' })).toBe('o2');
  });

  it('keeps an edited outline consistent: kept lessons keep theirs, new lessons take the untaught ones', () => {
    const current: OutlineModule[] = [{
      moduleId: 'm01', titulo: 'M', descripcion: 'd',
      plan: { objetivos: ['a', 'b', 'c'], terminosClave: [], conceptosErroneos: [], ejemploConductor: '' },
      objetivos: [o('o1'), o('o2'), o('o3')],
      lecciones: [
        { lessonId: 'l01', titulo: 'Uno', resumen: 'r1', objetivos: ['o1'] },
        { lessonId: 'l02', titulo: 'Dos', resumen: 'r2', objetivos: ['o2'] },
        { lessonId: 'l03', titulo: 'Tres', resumen: 'r3', objetivos: ['o3'] },
      ],
    }];
    const size = { modulos: 4, leccionesPorModulo: 4 };
    // l02 removed, a new lesson added: it teaches o2.
    const [edited] = applyOutlineEdit(current, { modulos: [{ moduleId: 'm01', titulo: 'M', lecciones: [{ lessonId: 'l03', titulo: 'Tres' }, { titulo: 'Nueva' }, { lessonId: 'l01', titulo: 'Uno' }] }] }, size);
    expect(edited.lecciones.map((l) => l.objetivos)).toEqual([['o3'], ['o2'], ['o1']]);
    expect(edited.objetivos?.map((x) => x.id)).toEqual(['o1', 'o2', 'o3']);
    // l03 removed and nothing new: o3 leaves the module and its plan.
    const [shrunk] = applyOutlineEdit(current, { modulos: [{ moduleId: 'm01', titulo: 'M', lecciones: [{ lessonId: 'l01', titulo: 'Uno' }, { lessonId: 'l02', titulo: 'Dos' }] }] }, size);
    expect(shrunk.objetivos?.map((x) => x.id)).toEqual(['o1', 'o2']);
    expect(shrunk.plan?.objetivos).toEqual(['Explica la idea o1', 'Explica la idea o2']);
    const ids = new Set(shrunk.objetivos?.map((x) => x.id));
    expect(shrunk.lecciones.every((l) => l.objetivos?.every((id) => ids.has(id)))).toBe(true);
  });
});
