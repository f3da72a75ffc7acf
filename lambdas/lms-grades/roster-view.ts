import type { LmsRosterView } from '../contract';
import { memberHash, type Roster, type RosterSource } from './roster-items';

// What the teacher sees of the LMS course's roster (docs/lti.md "Roster"): each member's name as the LMS gives
// it, their role, and whether they have launched Mentora into this aula. A member is "in" when a learner's
// launch into the aula (LMSSUB#) carries the same LTI identity (platform, deployment and `sub` = NRPS `user_id`),
// or when they are the aula's teacher; never by name or email. Nothing else is shown of anyone: what the aula's
// join screen says the teacher sees is the name, and the LMS already shows the teacher its own course's names.

const ORDER = { estudiante: 0, profesor: 1, otro: 2 } as const;
const collator = new Intl.Collator('es', { sensitivity: 'base' });

export function rosterView(source: RosterSource | undefined, state: { roster?: Roster; importando: boolean }, launchedSubs: readonly string[]): LmsRosterView {
  const roster = state.roster;
  if (!source || !roster) return { disponible: Boolean(source), importando: state.importando, miembros: [], sinEntrar: 0 };
  const launched = new Set(launchedSubs.map((sub) => memberHash(source, sub)));
  if (source.profesor) launched.add(source.profesor);
  const miembros = roster.miembros
    .map((m) => ({ nombre: m.nombre, rol: m.rol, haEntrado: launched.has(m.id) }))
    // Who has not launched yet first, learners before the rest, then by name.
    .sort((a, b) => Number(a.haEntrado) - Number(b.haEntrado) || ORDER[a.rol] - ORDER[b.rol] || collator.compare(a.nombre, b.nombre));
  return {
    disponible: true, importando: state.importando, importadaEn: roster.importadaEn,
    miembros, sinEntrar: miembros.filter((m) => !m.haEntrado && m.rol === 'estudiante').length,
  };
}
