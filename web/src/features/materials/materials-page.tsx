import { useQueryClient } from '@tanstack/react-query';
import type { MaterialView } from '../../../../lambdas/contract/materials';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { useMaterialAllowance } from './allowance';
import { materialsApi } from './api';
import { MaterialCard } from './material-card';
import { PasteForm } from './paste-form';
import { materialKeys } from './query-keys';
import { UploadForm } from './upload-form';
import { useMaterials } from './use-materials';

function EmptyMaterials() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
      <p className="text-lg font-semibold text-slate-900">Aún no tienes materiales</p>
      <p className="mx-auto mt-2 max-w-xl text-slate-700">
        Un material es un documento tuyo: tus apuntes, un manual, un temario o un artículo. Con él, Mentora crea un curso
        que sigue su contenido, con evaluaciones, y cada afirmación de las lecciones lleva su fuente: la página de tu documento de donde sale.
      </p>
    </div>
  );
}

/** /materiales: the learner's own documents, added by upload or paste, then used to build courses. */
export default function MaterialsPage() {
  const client = useQueryClient();
  const allowance = useMaterialAllowance();
  const { data: materials, error, refetch } = useMaterials();

  async function remove(m: MaterialView) {
    try {
      await materialsApi.remove(m.materialId);
      client.setQueryData<MaterialView[]>(materialKeys.list(), (list) => list?.filter((x) => x.materialId !== m.materialId));
      client.removeQueries({ queryKey: materialKeys.detail(m.materialId) });
      notify.success(`Borraste «${m.titulo}».`);
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos borrar el material. Inténtalo de nuevo.'));
    }
  }

  const full = allowance && materials ? materials.length >= allowance.maximo : false;
  return (
    <section className="mx-auto max-w-5xl">
      <title>Mis materiales · Mentora</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mis materiales</h1>
          <p className="mt-1 max-w-2xl text-slate-700">Sube tus documentos o pega un texto y crea cursos a partir de ellos, con la fuente de cada afirmación.</p>
        </div>
        {allowance && materials && (
          <p className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800">{materials.length} de {allowance.maximo} materiales</p>
        )}
      </div>

      {full ? (
        <p className="mt-6 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">Tienes tantos materiales como admite tu plan. Borra alguno para añadir otro.</p>
      ) : (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <section aria-labelledby="subir-titulo" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="subir-titulo" className="mb-3 text-lg font-bold text-slate-900">Subir un archivo</h2>
            <UploadForm allowance={allowance} />
          </section>
          <section aria-labelledby="pegar-titulo" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id="pegar-titulo" className="mb-3 text-lg font-bold text-slate-900">Pegar un texto</h2>
            <PasteForm allowance={allowance} />
          </section>
        </div>
      )}

      <h2 className="mt-8 text-lg font-bold text-slate-900">Tus materiales</h2>
      <div className="mt-3">
        {error ? (
          <div role="alert" className="rounded-2xl bg-red-50 p-5 text-red-900">
            <p>{errorMessage(error, 'No pudimos cargar tus materiales.')}</p>
            <Button type="button" variant="secondary" className="mt-3" onClick={() => void refetch()}>Volver a intentarlo</Button>
          </div>
        ) : !materials ? (
          <div role="status" aria-busy="true" aria-label="Cargando tus materiales" className="h-32 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200 motion-reduce:animate-none" />
        ) : materials.length === 0 ? (
          <EmptyMaterials />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {materials.map((m) => <MaterialCard key={m.materialId} material={m} onDelete={remove} />)}
          </ul>
        )}
      </div>
    </section>
  );
}
