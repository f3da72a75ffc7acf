import type { JobView } from '../../../lambdas/contract/courses';
import { followJob } from '../../../web/src/features/course/job-result';
import { aJob } from './fixtures';

// How the SPA follows a model job (a regenerated lesson, new evaluation, suggestions, a diplomado plan).
describe('following a model job', () => {
  it('polls until the job ends and answers its result, reporting each step on the way', async () => {
    const answers: JobView[] = [
      aJob({ kind: 'sugerencias', step: 'contenido', stepLabel: 'Buscando ideas de cursos' }),
      aJob({ kind: 'sugerencias', status: 'completado', step: 'completado', result: { kind: 'sugerencias', sugerencias: [] } }),
    ];
    const seen: string[] = [];
    const result = await followJob('j-1', async () => answers.shift()!, 1, (job) => seen.push(job.status));
    expect(result).toEqual({ kind: 'sugerencias', sugerencias: [] });
    expect(seen).toEqual(['en_proceso', 'completado']);
  });

  it("fails with the job's Spanish error when the job failed", async () => {
    const failed = aJob({ kind: 'leccion', status: 'error', step: 'error', error: 'El servicio de IA no respondió a tiempo. Inténtalo de nuevo en unos minutos. No se ha descontado de tu límite diario.' });
    await expect(followJob('j-1', async () => failed, 1)).rejects.toThrow('No se ha descontado de tu límite diario.');
  });
});
