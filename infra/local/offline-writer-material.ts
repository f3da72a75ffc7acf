// The offline outline of a course from the learner's own material (issue 33 item 5): lesson and module
// titles drawn from the material's structure — its headings, else each page's first sentence that no
// other page shares — all distinct. The templates repeated what they had (a water-cycle PDF with one
// heading gave eight lessons with the same title and a module called "Fundamentos de El ciclo del agua").

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === 'object' ? (v as Data) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLocaleLowerCase('es').replace(/[^\p{L}\d]+/gu, ' ').trim();

interface Unit { titulo: string; pagina: number; material: string }
interface OutlineModule { titulo: string; descripcion: string; objetivos?: { id: string }[]; lecciones: { titulo: string; resumen: string; objetivos?: string[] }[] }

/** Each distinct heading of the material, in order; a page without headings gives its first sentence no other page opens with. */
export function materialUnits(material: unknown): Unit[] {
  const seen = new Set<string>();
  const units: Unit[] = [];
  const add = (titulo: string, pagina: number, m: string) => {
    const t = titulo.replace(/\s+/g, ' ').trim().slice(0, 110);
    if (t.length < 3 || seen.has(fold(t))) return false;
    seen.add(fold(t));
    units.push({ titulo: t, pagina, material: m });
    return true;
  };
  for (const m of (Array.isArray(material) ? material : []).map(obj)) {
    const name = str(m.material) || 'tu material';
    for (const p of (Array.isArray(m.paginas) ? m.paginas : []).map(obj)) {
      const pagina = typeof p.pagina === 'number' ? p.pagina : 1;
      const heads = (Array.isArray(p.encabezados) ? p.encabezados : []).map(str);
      const added = heads.filter((h) => add(h, pagina, name)).length;
      if (added) continue;
      const sentences = str(p.comienzo).split(/(?<=[.!?])\s+/).map((s) => s.replace(/[.!?]+$/, '')).filter((s) => s.split(' ').length >= 3);
      sentences.some((s) => add(s, pagina, name));
    }
  }
  return units;
}

const pages = (g: Unit[]) => {
  const [a, b] = [Math.min(...g.map((u) => u.pagina)), Math.max(...g.map((u) => u.pagina))];
  return a === b ? `pág. ${a}` : `págs. ${a}–${b}`;
};

/**
 * The outline with its modules and lessons re-cut along the material: as many lessons as distinct
 * units (at most what was asked, at least two modules of two), each module named for its part and pages.
 */
export function withMaterialTitles<O extends { modulos: OutlineModule[] }>(outline: O, material: unknown): O {
  const units = materialUnits(material);
  if (!units.length || !outline.modulos.length) return outline;
  const asked = outline.modulos.reduce((n, m) => n + m.lecciones.length, 0);
  // Too few units for four lessons: each is also practised on its own, under a title that says so.
  const pool = [...units];
  for (let i = 0; pool.length < 4; i++) pool.push({ ...units[i % units.length], titulo: `${['Práctica', 'Repaso', 'Aplicación'][Math.floor(i / units.length) % 3]}: ${units[i % units.length].titulo}` });
  const used = pool.slice(0, Math.max(4, Math.min(asked, pool.length)));
  const modules = Math.max(2, Math.min(outline.modulos.length, Math.floor(used.length / 2)));
  const groups = Array.from({ length: modules }, (_, m) => used.slice(Math.round((m * used.length) / modules), Math.round(((m + 1) * used.length) / modules)));
  return {
    ...outline,
    modulos: groups.map((g, m) => ({
      ...outline.modulos[m],
      titulo: `Parte ${m + 1} (${pages(g)}): ${g[0].titulo}`.slice(0, 120),
      descripcion: `Lo que explica «${g[0].material}» en ${pages(g).replace('pág.', 'la página').replace('págs.', 'las páginas')}, en el orden del material.`,
      // Each lesson teaches the module's objectives in turn (issue 32's outline shape), so every one is taught.
      lecciones: g.map((u, i) => ({ objetivos: [outline.modulos[m].objetivos?.[i % (outline.modulos[m].objetivos?.length || 1)]?.id ?? 'o1'], titulo: u.titulo, resumen: `Lo que dice «${u.material}» en su página ${u.pagina} sobre ${u.titulo.charAt(0).toLocaleLowerCase('es')}${u.titulo.slice(1)}.`.slice(0, 400) })),
    })),
  };
}
