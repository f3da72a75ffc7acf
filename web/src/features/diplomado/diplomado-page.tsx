import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { PageLoader } from '../../components/page-loader';
import { ProgressBar } from '../../components/progress-bar';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { diplomadoApi } from './api';
import { DiplomadoCourseItem } from './diplomado-course-item';
import { useDiplomado } from './use-diplomado';

/** /diplomado/:diplomadoId — the programme: its courses in order, each one's state and progress, and the overall progress. */
export default function DiplomadoPage() {
  const { diplomadoId = '' } = useParams();
  const { diplomado, error, reload } = useDiplomado(diplomadoId);
  const [busy, setBusy] = useState<number | 'todos' | null>(null);

  async function generate(which: number | 'todos') {
    setBusy(which);
    try {
      const res = await diplomadoApi.generate(diplomadoId, which);
      const failed = res.data.cursos.filter((c) => c.error);
      if (failed.length) notify.error(`${failed.length === 1 ? 'Un curso no pudo' : `${failed.length} cursos no pudieron`} empezar a generarse. Puedes reintentarlo.`);
      else notify.success(res.message || 'Estamos creando tu curso');
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos iniciar la generación.'));
    } finally {
      setBusy(null);
      await reload();
    }
  }

  if (error) {
    return (
      <section role="alert" className="mx-auto max-w-xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
        <title>Diplomado · Mentora</title>
        <h1 className="text-xl font-bold text-slate-900">{error.status === 404 ? 'No encontramos ese diplomado' : 'No pudimos cargar el diplomado'}</h1>
        <p className="mt-2 text-slate-700">{error.message}</p>
        <Link to="/dashboard" className="mt-4 inline-block rounded-lg px-4 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50">Ir a mis cursos</Link>
      </section>
    );
  }
  if (!diplomado) return <PageLoader site="el diplomado" />;

  const next = diplomado.cursos.find((c) => !c.courseId);
  const pending = diplomado.cursos.filter((c) => !c.courseId).length;
  return (
    <section className="mx-auto max-w-4xl">
      <title>{`${diplomado.titulo} · Mentora`}</title>
      <div className="rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-lg sm:p-8">
        <p className="text-sm font-medium text-indigo-100">Diplomado · nivel {diplomado.nivel}</p>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{diplomado.titulo}</h1>
        <p className="mt-2 text-indigo-50">{diplomado.descripcion}</p>
        {diplomado.modo === 'demostracion' && <p className="mt-3 inline-block rounded-full bg-white/20 px-3 py-1 text-sm font-semibold">Modo demostración</p>}
        <ProgressBar className="mt-5" tone="white" size="lg" value={diplomado.progreso.porcentaje} label="Progreso del diplomado" showValue />
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h2 id="programa" className="text-xl font-bold text-slate-900">Programa ({diplomado.cursos.length} cursos)</h2>
        {pending > 0 && (
          <div className="flex flex-wrap gap-3">
            {next && <Button type="button" busy={busy === next.index} disabled={busy !== null} onClick={() => void generate(next.index)}>Generar el siguiente curso</Button>}
            {pending > 1 && <Button type="button" variant="secondary" busy={busy === 'todos'} disabled={busy !== null} onClick={() => void generate('todos')}>Generar todos</Button>}
          </div>
        )}
      </div>
      <ol aria-labelledby="programa" className="mt-4 space-y-4">
        {diplomado.cursos.map((c) => (
          <DiplomadoCourseItem key={c.index} course={c} busy={busy === c.index} onGenerate={(i) => void generate(i)} />
        ))}
      </ol>
    </section>
  );
}
