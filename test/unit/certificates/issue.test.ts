import { issueEarnedCertificates } from '../../../lambdas/certificates/issue';
import { revokeCertificates } from '../../../lambdas/certificates/revoke';
import { verifyCertificate } from '../../../lambdas/certificates/use-cases';
import { ALL_LESSONS, course, memoryCertificates, memorySource } from './fakes';

const USER = 'u-1';
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

describe('a course certificate', () => {
  it('is not issued while a lesson is not completed, even with every evaluation passed', async () => {
    const { store } = memoryCertificates();
    const source = memorySource([course('c1', ALL_LESSONS.slice(1), { m01: 80, m02: 100 })]);
    expect(await issueEarnedCertificates({ certificates: store, source, newId }, USER, 'c1')).toEqual([]);
    expect(await store.list(USER)).toEqual([]);
  });

  it('is not issued while a module evaluation has no passed attempt, even with every lesson completed', async () => {
    const { store } = memoryCertificates();
    const source = memorySource([course('c1', ALL_LESSONS, { m01: 80 })]);
    expect(await issueEarnedCertificates({ certificates: store, source, newId }, USER, 'c1')).toEqual([]);
  });

  it('is not issued for a course that is not ready', async () => {
    const { store } = memoryCertificates();
    const source = memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 }, 'generando')]);
    expect(await issueEarnedCertificates({ certificates: store, source, newId }, USER, 'c1')).toEqual([]);
  });

  it('is issued once every lesson is completed and every evaluation passed, with each module and its best passing score', async () => {
    const { store, items } = memoryCertificates();
    const source = memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 })]);
    const [issued] = await issueEarnedCertificates({ certificates: store, source, newId }, USER, 'c1');
    expect(issued).toEqual({ certificateId: expect.any(String), tipo: 'curso', titulo: 'Curso c1', verificacion: `/certificados/${issued.certificateId}` });
    expect(items.get(issued.certificateId)).toMatchObject({ userId: USER, nombre: 'Lucía Pérez', estado: 'valido', lineas: [{ titulo: 'Primero', score: 80 }, { titulo: 'Segundo', score: 100 }] });
  });

  it('is issued only once, however many times (or at once) the course is completed again', async () => {
    const { store } = memoryCertificates();
    const source = memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 })]);
    const deps = { certificates: store, source, newId };
    const answers = await Promise.all([1, 2, 3].map(() => issueEarnedCertificates(deps, USER, 'c1')));
    expect(answers.flat()).toHaveLength(1);
    expect(await issueEarnedCertificates(deps, USER, 'c1')).toEqual([]);
    expect(await store.list(USER)).toHaveLength(1);
  });
});

describe('a diplomado certificate', () => {
  it('follows the certificate of its last course, and not before every course is certified', async () => {
    const { store } = memoryCertificates();
    const diplomado = { diplomadoId: 'd1', titulo: 'Diplomado en datos', courseIds: ['c1', 'c2'] };
    const source = memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 }), course('c2', ALL_LESSONS, { m01: 70, m02: 70 })], [diplomado]);
    const deps = { certificates: store, source, newId };
    expect((await issueEarnedCertificates(deps, USER, 'c1')).map((c) => c.tipo)).toEqual(['curso']);
    const second = await issueEarnedCertificates(deps, USER, 'c2');
    expect(second.map((c) => [c.tipo, c.titulo])).toEqual([['curso', 'Curso c2'], ['diplomado', 'Diplomado en datos']]);
  });

  it('is not issued while a course of the programme was never generated', async () => {
    const { store } = memoryCertificates();
    const source = memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 })], [{ diplomadoId: 'd1', titulo: 'D', courseIds: ['c1', undefined] }]);
    expect((await issueEarnedCertificates({ certificates: store, source, newId }, USER, 'c1')).map((c) => c.tipo)).toEqual(['curso']);
  });
});

describe('verification', () => {
  it('shows only name, title, date and validity', async () => {
    const { store } = memoryCertificates();
    const [issued] = await issueEarnedCertificates({ certificates: store, source: memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 })]), newId }, USER, 'c1');
    expect(Object.keys(await verifyCertificate(store, issued.certificateId)).sort()).toEqual(['certificateId', 'estado', 'fecha', 'nombre', 'tipo', 'titulo', 'valido']);
  });

  it('says a revoked certificate is not valid, and no longer shows the name', async () => {
    const { store } = memoryCertificates();
    const [issued] = await issueEarnedCertificates({ certificates: store, source: memorySource([course('c1', ALL_LESSONS, { m01: 80, m02: 100 })]), newId }, USER, 'c1');
    expect(await revokeCertificates(USER, store)).toBe(1);
    const shown = await verifyCertificate(store, issued.certificateId);
    expect(shown).toMatchObject({ valido: false, estado: 'revocado', revocadoEn: expect.any(String) });
    expect(shown.nombre).toBeUndefined();
  });
});
