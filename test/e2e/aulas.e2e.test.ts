import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE, downloadedText, api, codeFor, describeE2E, freshLearner, launch, newPage, problemsAtBothWidths, signIn, until } from './helpers';

// Issue 25 end to end, each screen judged at desktop and phone widths: a premium teacher opens an aula and assigns a
// course; two learners read what the teacher will see and join; one studies, the other leaves; the
// teacher's page shows the one who stayed and downloads the CSV. axe finds nothing serious on any
// of the three pages. MENTORA_SHOTS_DIR=<dir> also saves each screen there.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
const shot = async (page: Page, name: string, width: number) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `aulas-${name}-${width}.png`), fullPage: true });
};

/** A confirmed learner with a name of their own, through the API. */
async function learnerNamed(nombre: string) {
  const learner = { ...freshLearner(), nombre };
  const reg = await api('POST', '/api/auth/register', undefined, learner);
  const code = await codeFor(learner.email);
  await api('POST', '/api/auth/confirm', undefined, { username: reg.user.id, code, email: learner.email, sessionId: reg.sessionid ?? undefined });
  const token = (await api('POST', '/api/auth/login', undefined, { email: learner.email, password: learner.password })).tokens.accessToken as string;
  return { learner, token };
}

/** A premium teacher (paid on the local Stripe page) with a written 2 × 2 course and a diplomado whose first course is written. */
async function teacherWithCourse() {
  const { learner, token } = await learnerNamed('Profesora Marta');
  const up = await api('POST', '/api/users/upgrade-premium', token, { period: 'mensual' });
  await fetch(`${up.url}/complete`, { method: 'POST', body: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }), redirect: 'manual' });
  await until(async () => (await api('GET', '/api/users/me', token)).data.plan.nombre === 'premium', 'the teacher to be premium', 15_000);
  const plan = await api('POST', '/api/courses/plan', token, { topic: 'La célula', level: 'principiante', modulos: 2, leccionesPorModulo: 2 });
  await until(async () => (await api('GET', `/api/jobs/${plan.jobId}`, token)).data.status === 'completado', 'the course to be written', 60_000);
  const planned = await api('POST', '/api/diplomado/plan', token, { topic: 'Genética', level: 'principiante' });
  let diplomadoId = '';
  await until(async () => { const job = (await api('GET', `/api/jobs/${planned.jobId}`, token)).data; diplomadoId = job.result?.diplomadoId ?? ''; return job.status === 'completado'; }, 'the diplomado to be planned', 60_000);
  const first = await api('POST', '/api/diplomado/course', token, { diplomadoId, index: 0 });
  await until(async () => (await api('GET', `/api/jobs/${first.jobId}`, token)).data.status === 'completado', "the diplomado's first course to be written", 60_000);
  const diplomado = (await api('GET', `/api/diplomado/${diplomadoId}`, token)).data as { titulo: string };
  return { learner, token, titulo: plan.curso.titulo as string, diplomado: { titulo: diplomado.titulo } };
}

describeE2E('a teacher and two learners in an aula (issue 25)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('create, assign, preview, join, study, leave, the group page and its CSV, at 1280 and 390 px', async () => {
    const teacher = await teacherWithCourse();
    const [ana, beto] = [await learnerNamed('Ana Ruiz'), await learnerNamed('Beto Díaz')];
    const t = await newPage(browser);
    const a = await newPage(browser);
    const b = await newPage(browser, 390, 844);
    try {
      // The teacher opens the aula and assigns the course and the diplomado (which brings its written course).
      await signIn(t.page, teacher.learner);
      await t.page.goto(`${BASE}/aulas`);
      await t.page.getByLabel('Nombre de la nueva aula').fill('Biología 3.º B');
      await t.page.getByRole('button', { name: 'Crear aula' }).click();
      const card = t.page.getByRole('listitem').filter({ has: t.page.getByRole('heading', { name: 'Biología 3.º B' }) });
      const code = (await card.getByText(/^[A-Z2-9]{8}$/).textContent())!;
      await card.getByRole('button', { name: 'Asignar cursos' }).click();
      await card.getByLabel(teacher.titulo).check();
      await card.getByRole('group', { name: 'Tus diplomados' }).getByLabel(teacher.diplomado.titulo, { exact: false }).check();
      expect(await problemsAtBothWidths(t.page, (width) => shot(t.page, 'asignar', width))).toEqual([]);
      await card.getByRole('button', { name: 'Guardar cursos' }).click();
      await card.getByRole('listitem').filter({ hasText: teacher.titulo }).first().waitFor();
      await card.getByText(teacher.diplomado.titulo, { exact: false }).waitFor();
      expect(await problemsAtBothWidths(t.page, (width) => shot(t.page, 'mis-aulas-profesor', width))).toEqual([]);

      // Ana reads what the teacher will see, then joins, and studies a lesson of her copy.
      await signIn(a.page, ana.learner);
      await a.page.goto(`${BASE}/aulas/unirse/${code}`);
      await a.page.getByRole('heading', { name: 'Lo que verá tu profesor' }).waitFor();
      await a.page.getByText('Tu correo electrónico').waitFor();
      expect(await problemsAtBothWidths(a.page, (width) => shot(a.page, 'invitacion', width))).toEqual([]);
      await a.page.getByRole('button', { name: 'Unirme al aula' }).click();
      await a.page.waitForURL('**/aulas');
      const study = a.page.getByRole('link', { name: `Estudiar ${teacher.titulo}` });
      const copy = (await study.getAttribute('href'))!.split('/').pop()!;
      await api('POST', `/api/courses/${copy}/progress`, ana.token, { moduleId: 'm01', lessonId: 'l01', estado: 'completado' });
      expect(await problemsAtBothWidths(a.page, (width) => shot(a.page, 'mis-aulas-miembro', width))).toEqual([]);

      // Beto joins with the code typed on "Mis aulas", then leaves.
      await signIn(b.page, beto.learner);
      await b.page.goto(`${BASE}/aulas`);
      await b.page.getByLabel('¿Tienes un código de invitación?').fill(code.toLowerCase());
      await b.page.getByRole('button', { name: 'Ver la invitación' }).click();
      await b.page.getByRole('button', { name: 'Unirme al aula' }).click();
      await b.page.getByRole('button', { name: 'Salir del aula «Biología 3.º B»' }).click();
      await b.page.getByRole('button', { name: 'Sí, salir' }).click();
      await b.page.getByText('Todavía no estás en ningún aula. Pide el código a tu profesor.').waitFor();

      // The teacher's page: Ana and her module, not Beto; the CSV downloads with a BOM.
      await t.page.goto(`${BASE}/aulas`);
      await t.page.getByRole('link', { name: 'Ver el grupo de «Biología 3.º B»' }).click();
      await t.page.getByRole('heading', { name: 'Ana Ruiz' }).waitFor();
      expect(await t.page.getByRole('heading', { name: 'Beto Díaz' }).count()).toBe(0);
      await t.page.getByText('1 de 2').first().waitFor();
      await t.page.getByText(teacher.diplomado.titulo, { exact: false }).first().waitFor();
      expect(await problemsAtBothWidths(t.page, (width) => shot(t.page, 'grupo', width))).toEqual([]);
      const download = t.page.waitForEvent('download');
      await t.page.getByRole('button', { name: 'Descargar CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('aula-biologia-3-b.csv');
      const csv = await downloadedText(file);
      expect(csv.startsWith('\uFEFFMiembro;Curso;Módulo;')).toBe(true);
      expect(csv).toContain('Ana Ruiz;');
      expect(csv).not.toContain('Beto Díaz');
    } finally {
      await Promise.all([t.context.close(), a.context.close(), b.context.close()]);
    }
  });
});
