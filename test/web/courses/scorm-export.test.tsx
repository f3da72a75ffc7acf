import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../fake-api';
import { aCourse, me, ok, renderAt, signedIn } from './fixtures';

// The SCORM 1.2 export in the owner's course menu (issue 25, docs/scorm.md; issue 34 moved it into "Opciones del curso"): the plain warning is on
// screen before the download, the package is saved as a file, a refusal is said in Spanish, and a course
// still being written offers no export.

const PACKAGE = { nombreArchivo: 'python-desde-cero-scorm12.zip', zip: btoa('PK\u0003\u0004zip'), bytes: 7, lecciones: 3, evaluaciones: 2 };

describe('SCORM export', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn(() => 'blob:paquete');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  test('warns that the package grades in the browser and gives no certificate, then downloads the zip as a file', async () => {
    signedIn();
    const server = fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse()), 'GET /courses/c-1/scorm': () => ok(PACKAGE) });
    renderAt('/course/c-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Opciones del curso' }));
    const button = await screen.findByRole('button', { name: 'Descargar paquete SCORM' });
    expect(screen.getByRole('heading', { level: 2, name: 'Usar en el aula virtual de tu centro' })).toBeInTheDocument();
    expect(screen.getByText(/Para docentes: descarga el curso como paquete SCORM 1.2, el formato que importan Moodle/)).toBeInTheDocument();
    expect(button).toHaveAccessibleDescription(/se corrigen en el navegador.*no están protegidas como las de Mentora.*no otorgan certificados de Mentora/);
    expect(server.count('GET /courses/c-1/scorm')).toBe(0);
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:paquete', download: 'python-desde-cero-scorm12.zip' }]));
    expect(server.count('GET /courses/c-1/scorm')).toBe(1);
    const blob = (URL.createObjectURL as jest.Mock).mock.calls[0][0] as Blob;
    expect(blob.type).toBe('application/zip');
    expect(await screen.findByText(/Paquete SCORM descargado/)).toBeInTheDocument();
  });

  test("the server's Spanish refusal is shown and nothing is saved", async () => {
    signedIn();
    const refusal = 'El curso todavía no está listo: podrás exportarlo a SCORM cuando termine de generarse.';
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse()), 'GET /courses/c-1/scorm': () => [409, { success: false, message: refusal }] });
    renderAt('/course/c-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Opciones del curso' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar paquete SCORM' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test('a course still being written offers no export', async () => {
    signedIn();
    fakeApi({ ...me, 'GET /courses/c-1': () => ok(aCourse({ estado: 'generando' })), 'GET /jobs/j-1': () => [404, { success: false, message: 'No' }] });
    renderAt('/course/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Python desde cero' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opciones del curso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar paquete SCORM' })).not.toBeInTheDocument();
  });
});
