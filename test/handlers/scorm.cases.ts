import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { strFromU8, unzipSync } from 'fflate';
import { courseKey, dynamoCourseStore } from '../../lambdas/course-model';
import { documentClient } from '../../lambdas/shared/clients';
import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

// GET /courses/{id}/scorm (issue 25 part 3, docs/scorm.md). The attacker first: another learner's or an
// unknown course is the same Spanish 404, a course not `listo` is a Spanish 409, and the package never
// carries the certificate bank's questions or keys, nor anything of the learner.

const NOT_FOUND = { status: 404, body: { success: false, message: 'No encontramos ese curso.' } };
const NOT_READY = { status: 409, body: { success: false, message: 'El curso todavía no está listo: podrás exportarlo a SCORM cuando termine de generarse.' } };

export async function exported(userId: string, courseId: string) {
  const res = await invoke('GET /courses/{id}/scorm', { userId, params: { id: courseId } });
  if (res.status !== 200) throw new Error(`GET /courses/{id}/scorm answered ${res.status}: ${JSON.stringify(res.body)}`);
  const zip = Buffer.from(res.body.data.zip as string, 'base64');
  const files = Object.fromEntries(Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, strFromU8(bytes)]));
  return { data: res.body.data as { nombreArchivo: string; bytes: number; lecciones: number; evaluaciones: number }, zip, files };
}

async function setState(userId: string, courseId: string, estado: string) {
  await documentClient().send(
    new UpdateCommand({ TableName: process.env.TABLE_NAME, Key: courseKey(userId, courseId), UpdateExpression: 'SET estado = :e', ExpressionAttributeValues: { ':e': estado } }),
  );
}

export const refusals: [string, () => Promise<void>][] = [
  [
    "another learner's course and an unknown one are the same 404 in Spanish",
    async () => {
      const owner = await learner('Ana Propietaria');
      const { courseId } = await generatedCourse(owner.userId);
      const intruder = randomUUID();
      expect(await invoke('GET /courses/{id}/scorm', { userId: intruder, params: { id: courseId } })).toMatchObject(NOT_FOUND);
      expect(await invoke('GET /courses/{id}/scorm', { userId: owner.userId, params: { id: randomUUID() } })).toMatchObject(NOT_FOUND);
    },
  ],
  [
    'an id that is not a course id is a Spanish 400',
    async () => {
      const res = await invoke('GET /courses/{id}/scorm', { userId: randomUUID(), params: { id: 'no-es-un-id' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: expect.stringMatching(/curso/i) });
    },
  ],
  [
    'a course still generating, in outline review or failed is a Spanish 409 and nothing is exported',
    async () => {
      const { userId } = await learner();
      const { courseId } = await generatedCourse(userId);
      for (const estado of ['generando', 'revisando_temario', 'error']) {
        await setState(userId, courseId, estado);
        expect(await invoke('GET /courses/{id}/scorm', { userId, params: { id: courseId } })).toMatchObject(NOT_READY);
      }
    },
  ],
  [
    "never ships the certificate bank: no stem, id, explanation or wrong option of the stored bank, and the bank's keys only as lesson text",
    async () => {
      const { userId } = await learner();
      const { courseId } = await generatedCourse(userId);
      const { files } = await exported(userId, courseId);
      const stored = await dynamoCourseStore(documentClient(), process.env.TABLE_NAME!).items(userId, courseId);
      const bank = stored!.evaluations.flatMap((e) => e.preguntas);
      expect(bank.length).toBeGreaterThan(0);
      const all = Object.values(files).join('\n');
      const evaluations = Object.entries(files).filter(([path]) => path.startsWith('evaluaciones/')).map(([, body]) => body).join('\n');
      const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
      for (const q of bank) {
        for (const form of [q.enunciado, html(q.enunciado)]) expect(all).not.toContain(form);
        expect(all).not.toContain(q.preguntaId);
        for (const e of q.explicaciones ?? []) expect(all).not.toContain(html(e));
        const letters = ['A', 'B', 'C', 'D'];
        q.opciones.forEach((o, i) => {
          // The right option may be a lesson sentence (one of the offline writer's framings): lesson text, never an evaluation's option.
          if (letters[i] === q.correcta) expect(evaluations).not.toContain(`> ${html(o)}</label>`);
          else expect(all).not.toContain(html(o));
        });
      }
    },
  ],
  [
    'carries nothing of the learner: no name, e-mail or id in any file',
    async () => {
      const who = await learner('Marisol Quintanilla');
      const { courseId } = await generatedCourse(who.userId);
      const { files } = await exported(who.userId, courseId);
      for (const body of Object.values(files)) {
        expect(body).not.toContain(who.userId);
        expect(body).not.toContain(who.email);
        expect(body).not.toContain('Quintanilla');
      }
    },
  ],
];

export const cases: GroupCases = {
  'GET /courses/{id}/scorm': {
    success: [
      'answers the owner a SCORM 1.2 zip: the manifest, a SCO per lesson and per evaluation, the shared assets',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const { data, zip, files } = await exported(userId, courseId);
        expect(data).toMatchObject({ nombreArchivo: expect.stringMatching(/^[a-z0-9-]+-scorm12\.zip$/), bytes: zip.byteLength, lecciones: 4, evaluaciones: 2 });
        expect(Object.keys(files).sort()).toEqual(
          ['evaluaciones/m1.html', 'evaluaciones/m2.html', 'imsmanifest.xml', 'lecciones/m1-l1.html', 'lecciones/m1-l2.html', 'lecciones/m2-l1.html', 'lecciones/m2-l2.html', 'recursos/mentora.css', 'recursos/scorm12.js'],
        );
        expect(files['imsmanifest.xml']).toContain('<schemaversion>1.2</schemaversion>');
        expect(files['evaluaciones/m1.html'].match(/<fieldset/g)?.length).toBeGreaterThanOrEqual(5);
      },
    ],
  },
};
