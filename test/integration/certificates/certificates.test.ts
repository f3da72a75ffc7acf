import { dynamoCertificateStore } from '../../../lambdas/certificates/certificate-store';
import { revokeCertificates } from '../../../lambdas/certificates/revoke';
import { finishCourse, passModule, type Send } from '../../support/certificate-fixture';
import { generateCourse } from '../courses/support/courses';
import { table } from '../payments/support';
import { call, signUp } from '../support/api';

// Certificates over HTTP as the SPA calls them (issue 15): issued by the request that finishes
// the course and only then, once; the owner lists and downloads them; anyone verifies one and sees
// only name, title, date and validity; another learner cannot download it; revoked says so.

const as = (token: string): Send => (method, path, body) => call(method, path, { token, ...(body !== undefined && { body }) });
const small = { topic: 'Astronomía para curiosos', level: 'principiante', modulos: 2, leccionesPorModulo: 2 };

async function learnerWithCourse(nombre: string) {
  const { user, tokens } = await signUp(nombre);
  const { courseId } = await generateCourse(tokens.accessToken, small);
  return { userId: user.id as string, token: tokens.accessToken, send: as(tokens.accessToken), courseId };
}

describe('certificates', () => {
  it('are not issued until the last lesson and the last evaluation; the request that finishes the course issues one, and only one', async () => {
    const a = await learnerWithCourse('Marta Ruiz');
    // Everything but the last lesson of m02: no certificate yet.
    const almost = await finishCourse(a.send, a.courseId, 'm02/l02');
    expect(almost.issued).toEqual([]);
    expect((await call('GET', '/certificates', { token: a.token })).body.data).toEqual([]);

    const last = await a.send('POST', `/courses/${a.courseId}/progress`, { moduleId: 'm02', lessonId: 'l02', estado: 'completado' });
    expect(last.body.certificados).toEqual([{ certificateId: expect.stringMatching(/^[0-9a-f-]{36}$/), tipo: 'curso', titulo: expect.any(String), verificacion: expect.stringMatching(/^\/certificados\//) }]);
    // Completing it again, or passing an evaluation again, issues nothing more.
    expect((await a.send('POST', `/courses/${a.courseId}/progress`, { moduleId: 'm02', lessonId: 'l02', estado: 'completado' })).body.certificados).toBeUndefined();
    expect((await passModule(a.send, a.courseId, 'm01')).body.certificados).toBeUndefined();
    const list = (await call('GET', '/certificates', { token: a.token })).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ certificateId: last.body.certificados[0].certificateId, tipo: 'curso', sourceId: a.courseId, estado: 'valido' });
  }, 120_000);

  it('verify publicly with only name, title, date and validity; only the owner downloads the PDF; revoked says so and drops the name', async () => {
    const a = await learnerWithCourse('Marta Ruiz');
    const b = await signUp('Otro');
    const { issued } = await finishCourse(a.send, a.courseId);
    const id = issued[0].certificateId;

    const publicView = await call('GET', `/certificados/${id}`);
    expect(publicView.status).toBe(200);
    expect(publicView.body.data).toEqual({ certificateId: id, nombre: 'Marta Ruiz', titulo: issued[0].titulo, tipo: 'curso', fecha: expect.any(String), valido: true, estado: 'valido' });
    expect((await call('GET', '/certificados/00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const pdf = await call('GET', `/certificates/${id}/pdf`, { token: a.token });
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(pdf.body.data.pdf, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBeLessThan(20_000);
    expect(await call('GET', `/certificates/${id}/pdf`, { token: b.tokens.accessToken })).toMatchObject({ status: 404, body: { success: false, message: 'No encontramos ese certificado.' } });
    expect((await call('GET', '/certificates', { token: b.tokens.accessToken })).body.data).toEqual([]);

    // Account deletion revokes (lambdas/certificates/revoke.ts, on the stack's own table).
    const { db, name } = table();
    expect(await revokeCertificates(a.userId, dynamoCertificateStore(db, name))).toBe(1);
    const revoked = (await call('GET', `/certificados/${id}`)).body.data;
    expect(revoked).toMatchObject({ certificateId: id, valido: false, estado: 'revocado', revocadoEn: expect.any(String) });
    expect(revoked.nombre).toBeUndefined();
    expect((await call('GET', `/certificates/${id}/pdf`, { token: a.token })).status).toBe(404);
  }, 120_000);

  it('are revoked when the learner deletes the account: still verifiable by id, without the name', async () => {
    const { email, tokens } = await signUp('Lía Gómez');
    const { courseId } = await generateCourse(tokens.accessToken, small);
    const { issued } = await finishCourse(as(tokens.accessToken), courseId);
    const id = issued[0].certificateId;
    expect((await call('GET', `/certificados/${id}`)).body.data).toMatchObject({ nombre: 'Lía Gómez', valido: true });

    expect((await call('DELETE', '/users/me', { token: tokens.accessToken, body: { confirmacion: email } })).status).toBe(200);
    const after = (await call('GET', `/certificados/${id}`)).body.data;
    expect(after).toMatchObject({ certificateId: id, valido: false, estado: 'revocado' });
    expect(after.nombre).toBeUndefined();
  }, 120_000);
});
