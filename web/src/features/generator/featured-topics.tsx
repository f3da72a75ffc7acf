import { useEffect, useState } from 'react';
import type { RuntimeConfig } from '../../../../lambdas/contract/runtime-config';
import { DemoBadge } from '../../components/demo-badge';
import { loadRuntimeConfig } from '../../config/runtime-config';
import { levelLabel } from './course-form';

type Featured = NonNullable<RuntimeConfig['demostracion']>['destacados'][number];

/** The featured topics of demonstration mode (runtime config), or none wherever a real model writes. */
function useFeaturedTopics(): Featured[] {
  const [topics, setTopics] = useState<Featured[]>([]);
  useEffect(() => {
    let live = true;
    loadRuntimeConfig()
      .then((cfg) => live && setTopics(cfg.demostracion?.destacados ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return topics;
}

/**
 * In demonstration mode (`npm start` without a model) three topics are written whole by the team; any other
 * topic gets generic demonstration text. A newcomer learns which from the form itself, not only the README
 * (issue 42). Choosing one fills the topic and the level; nothing is created until "Crear curso".
 */
export function FeaturedTopics({ onChoose }: { onChoose: (topic: Featured) => void }) {
  const topics = useFeaturedTopics();
  if (!topics.length) return null;
  return (
    <section aria-labelledby="temas-destacados" className="mb-5 rounded-2xl bg-violet-50 p-5 ring-1 ring-violet-200 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="temas-destacados" className="text-base font-semibold text-slate-900">Cursos destacados</h2>
        <DemoBadge />
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Sin un modelo de IA, Mentora escribe contenido de demostración. Estos temas tienen un curso completo escrito por el equipo:
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {topics.map((t) => (
          <li key={t.tema}>
            <button
              type="button"
              onClick={() => onChoose(t)}
              title={t.titulo}
              className="rounded-2xl bg-white px-3 py-1.5 text-left text-sm font-medium text-violet-900 ring-1 ring-violet-300 hover:bg-violet-100"
            >
              {t.tema} <span className="text-violet-800">· {levelLabel(t.nivel)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
