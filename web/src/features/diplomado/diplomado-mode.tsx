import { lazy, Suspense } from 'react';

// The diplomado's entry in /generar (GENERATOR_MODES): its form loads only when its tab is chosen.
const DiplomadoForm = lazy(() => import('./diplomado-form').then((m) => ({ default: m.DiplomadoForm })));

export const diplomadoGeneratorMode = {
  id: 'diplomado',
  label: 'Diplomado',
  render: () => (
    <Suspense fallback={<p className="text-slate-600">Cargando...</p>}>
      <p className="mb-4 text-slate-700">Un programa de 3 a 6 cursos en orden, de los fundamentos a la práctica. Después generas cada curso cuando quieras, o todos a la vez.</p>
      <DiplomadoForm />
    </Suspense>
  ),
};
