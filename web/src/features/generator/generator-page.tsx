import { useState, type ReactNode } from 'react';
import { CourseGenerator } from './course-generator';
import { diplomadoGeneratorMode } from '../diplomado';

// /generar. The page hosts one generator per mode; the diplomado (issue 5) adds its own entry to
// GENERATOR_MODES and the tabs appear by themselves once there is more than one.

export interface GeneratorMode {
  id: string;
  /** Tab text, Spanish. */
  label: string;
  render: () => ReactNode;
}

export const GENERATOR_MODES: GeneratorMode[] = [{ id: 'curso', label: 'Curso', render: () => <CourseGenerator /> }, diplomadoGeneratorMode];

function ModeTabs({ modes, active, onChange }: { modes: GeneratorMode[]; active: string; onChange: (id: string) => void }) {
  return (
    <div role="tablist" aria-label="Qué quieres crear" className="mt-6 inline-flex rounded-xl bg-slate-100 p-1">
      {modes.map((m) => (
        <button
          key={m.id}
          role="tab"
          type="button"
          id={`modo-${m.id}`}
          aria-selected={m.id === active}
          aria-controls={`panel-${m.id}`}
          onClick={() => onChange(m.id)}
          className={`rounded-lg px-4 py-2 text-sm font-semibold ${m.id === active ? 'bg-white text-indigo-800 shadow-sm' : 'text-slate-700 hover:text-indigo-800'}`}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}

export default function GeneratorPage() {
  const [active, setActive] = useState(GENERATOR_MODES[0].id);
  const mode = GENERATOR_MODES.find((m) => m.id === active) ?? GENERATOR_MODES[0];
  const tabs = GENERATOR_MODES.length > 1;
  return (
    <section className="mx-auto max-w-3xl">
      <title>Generar curso · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Crea tu curso</h1>
      <p className="mt-2 text-slate-600">Dinos qué quieres aprender y a qué nivel. Tu mentor prepara módulos, lecciones y evaluaciones a tu medida.</p>
      {tabs && <ModeTabs modes={GENERATOR_MODES} active={mode.id} onChange={setActive} />}
      <div role={tabs ? 'tabpanel' : undefined} id={`panel-${mode.id}`} aria-labelledby={tabs ? `modo-${mode.id}` : undefined} className="mt-6">
        {mode.render()}
      </div>
    </section>
  );
}
