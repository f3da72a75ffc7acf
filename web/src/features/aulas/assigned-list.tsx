import type { AssignedCourse } from '../../../../lambdas/contract/aulas';

type Group = { diplomado?: NonNullable<AssignedCourse['diplomado']>; cursos: AssignedCourse[] };

/** Courses assigned one by one first, then each assigned diplomado with the courses it brought. */
export function groupByDiplomado(cursos: AssignedCourse[]): Group[] {
  const alone: AssignedCourse[] = [];
  const byDiplomado = new Map<string, Group>();
  for (const c of cursos) {
    if (!c.diplomado) { alone.push(c); continue; }
    const g = byDiplomado.get(c.diplomado.diplomadoId) ?? { diplomado: c.diplomado, cursos: [] };
    g.cursos.push(c);
    byDiplomado.set(c.diplomado.diplomadoId, g);
  }
  return [...alone.map((c) => ({ cursos: [c] })), ...byDiplomado.values()];
}

/** How a diplomado is named next to its courses: its title alone when it already says it is one ("Diplomado en …"). */
export const diplomadoLabel = (titulo: string) => (/^diplomado\b/i.test(titulo.trim()) ? titulo : `Diplomado «${titulo}»`);

/** What an aula studies, as its teacher assigned it: a diplomado names its courses under it. */
export function AssignedList({ cursos }: { cursos: AssignedCourse[] }) {
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
      {groupByDiplomado(cursos).map((g) => g.diplomado ? (
        <li key={`d-${g.diplomado.diplomadoId}`}>
          <span className="font-medium">{diplomadoLabel(g.diplomado.titulo)}</span>
          <ul className="list-[circle] pl-5">{g.cursos.map((c) => <li key={c.courseId}>{c.titulo}</li>)}</ul>
        </li>
      ) : (
        <li key={g.cursos[0].courseId}>{g.cursos[0].titulo}</li>
      ))}
    </ul>
  );
}
