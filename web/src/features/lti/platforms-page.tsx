import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ltiApi } from './api';
import { PlatformForm, platformKeys } from './platform-form';
import { PlatformItem } from './platform-item';
import { DynamicRegistration, ToolValues } from './tool-values';

/**
 * /lti/plataformas (issue 45, docs/lti.md "Registering Mentora in Moodle and Canvas"): the values to paste
 * into the school's LMS, the form for the LMS's own values, and the teacher's registrations.
 */
export default function PlatformsPage() {
  const { data, isLoading, isError } = useQuery({ queryKey: platformKeys.all, queryFn: ltiApi.platforms, staleTime: 0 });
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p className="text-sm"><Link to="/aulas" className="font-medium text-indigo-700 hover:underline">← Mis aulas</Link></p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">Mentora en tu plataforma (LMS)</h1>
      <p className="mt-2 text-slate-700">
        Si tu escuela usa Moodle, Canvas u otra plataforma con LTI 1.3, añade Mentora como herramienta externa: tus cursos de la
        plataforma tendrán su aula en Mentora y las notas volverán a su libro de calificaciones.
      </p>
      {isError && <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800">No pudimos cargar tus plataformas. Recarga la página.</p>}
      {isLoading && <p className="mt-4 text-slate-600">Cargando…</p>}
      {data && (
        <>
          <section aria-labelledby="datos-mentora" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="datos-mentora" className="text-lg font-semibold text-slate-900">1. Añade Mentora en tu plataforma</h2>
            <DynamicRegistration url={data.herramienta.registrationUrl} />
            <p className="mt-4 text-sm text-slate-700">O a mano (Moodle: «configure a tool manually»; Canvas: «+ LTI Key»), con estos datos:</p>
            <ToolValues urls={data.herramienta} />
          </section>
          <section aria-labelledby="registrar-plataforma" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="registrar-plataforma" className="text-lg font-semibold text-slate-900">2. Registra tu plataforma en Mentora</h2>
            <p className="mt-1 text-sm text-slate-700">
              Copia los datos que tu plataforma muestra para Mentora. Si sus claves no están en su propio sitio, el registro queda pendiente
              hasta que Mentora lo apruebe.
            </p>
            <PlatformForm />
          </section>
          <section aria-labelledby="tus-plataformas" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="tus-plataformas" className="text-lg font-semibold text-slate-900">Tus plataformas</h2>
            {data.plataformas.length === 0
              ? <p className="mt-2 text-sm text-slate-600">Aún no has registrado ninguna plataforma.</p>
              : <ul className="mt-3 space-y-4">{data.plataformas.map((p) => <PlatformItem key={p.id} platform={p} />)}</ul>}
          </section>
        </>
      )}
    </div>
  );
}
