import { randomUUID } from 'node:crypto';
import { lessonIdAt, moduleIdAt } from '../../lambdas/course-model';
import { dynamoConversations } from '../../lambdas/tutor';
import { documentClient } from '../../lambdas/shared/clients';
import { AUDIO_CACHE_CONTROL } from '../../lambdas/narration';
import { mp3Info } from '../support/audio';
import { at } from '../support/review-fixtures';
import type { GroupCases } from '../support/route-cases';
import { invoke } from '../support/invoke';
import { generatedCourse, learner } from '../support/learners';

// The narration routes (issue 26, docs/narration.md) in process against the local stack's table, Polly
// and S3. The attacker first: another learner's lesson or conversation is a Spanish 404 and nothing is
// narrated; an unknown voice is a Spanish 400. Then each route's success path.

export const NARRATION = 'POST /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration' as const;
export const NARRATION_GET = 'GET /courses/{id}/modules/{moduleId}/lessons/{lessonId}/narration' as const;
export const TUTOR_VOICE = 'POST /ai-tutor/context/{id}/voz' as const;
export const VOICE_MESSAGE = 'Esa voz no existe: elige Lucía, Sergio, Mía, Andrés, Lupe, Pedro';
const LESSON_404 = { status: 404, body: { success: false, message: 'No encontramos esta lección.' } };
const ANSWER_404 = { status: 404, body: { success: false, message: 'No encontramos esa respuesta del tutor en tu conversación.' } };

export const lessonParams = (courseId: string, m = 0, l = 0) => ({ id: courseId, moduleId: moduleIdAt(m), lessonId: lessonIdAt(l) });

/** A conversation with one question and one tutor answer, written as the tutor saves it. */
export async function conversationWith(userId: string, courseId: string, texto: string) {
  const fecha = '2026-11-25T06:00:00.000Z';
  const turnos = [
    { rol: 'alumno' as const, texto: '¿Qué es una variable?', fecha: '2026-11-25T05:59:59.000Z' },
    { rol: 'tutor' as const, texto, fecha },
  ];
  await dynamoConversations(documentClient(), process.env.TABLE_NAME!).saveConversation(userId, courseId, { turnos, version: 0, seq: 0, added: 2 }, 0);
  return fecha;
}

/** GET until the audio is `lista` (the local Polly synthesizes in the background). */
export async function readyNarration(userId: string, params: Record<string, string>, query: Record<string, string> = {}) {
  for (let i = 0; i < 240; i++) {
    const res = await invoke(NARRATION_GET, { userId, params, query });
    if (res.status !== 200 || res.body.data.estado !== 'generando') return res;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('The narration was still generando after 2 minutes');
}

const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer());

export const refusals: [string, () => Promise<void>][] = [
  [
    "another learner's lesson is the same Spanish 404 as a missing one, on POST and GET, and nothing is started",
    async () => {
      const owner = await learner('Ana');
      const { courseId } = await generatedCourse(owner.userId);
      const stranger = randomUUID();
      expect(await invoke(NARRATION, { userId: stranger, params: lessonParams(courseId), body: {} })).toMatchObject(LESSON_404);
      expect(await invoke(NARRATION_GET, { userId: stranger, params: lessonParams(courseId) })).toMatchObject(LESSON_404);
      expect(await invoke(NARRATION, { userId: owner.userId, params: lessonParams(courseId, 0, 40), body: {} })).toMatchObject(LESSON_404);
      // A module or lesson id that could never name one (a key separator) is simply not found.
      expect(await invoke(NARRATION, { userId: owner.userId, params: { ...lessonParams(courseId), lessonId: 'l01#x' }, body: {} })).toMatchObject(LESSON_404);
      // The owner's GET says nothing was started for her either.
      expect(await invoke(NARRATION_GET, { userId: owner.userId, params: lessonParams(courseId) })).toMatchObject({ status: 404 });
    },
  ],
  [
    "another learner's tutor answer, a fecha not in the conversation, or a user turn's fecha is a Spanish 404",
    async () => {
      const owner = await learner('Ana');
      const { courseId } = await generatedCourse(owner.userId);
      const fecha = await conversationWith(owner.userId, courseId, 'Una variable guarda un valor.');
      expect(await invoke(TUTOR_VOICE, { userId: randomUUID(), params: { id: courseId }, body: { fecha } })).toMatchObject(ANSWER_404);
      expect(await invoke(TUTOR_VOICE, { userId: owner.userId, params: { id: courseId }, body: { fecha: '2026-11-25T06:00:01.000Z' } })).toMatchObject(ANSWER_404);
      expect(await invoke(TUTOR_VOICE, { userId: owner.userId, params: { id: courseId }, body: { fecha: '2026-11-25T05:59:59.000Z' } })).toMatchObject(ANSWER_404);
    },
  ],
  [
    'an unknown voice is a Spanish 400 on every route that takes one',
    async () => {
      const { userId } = await learner();
      const params = lessonParams(randomUUID());
      expect(await invoke(NARRATION_GET, { userId, params, query: { voz: 'Joanna' } })).toMatchObject({ status: 400, body: { message: VOICE_MESSAGE } });
      expect(await invoke(TUTOR_VOICE, { userId, params: { id: randomUUID() }, body: { fecha: 'x', voz: 'Joanna' } })).toMatchObject({ status: 400, body: { message: VOICE_MESSAGE } });
      expect(await invoke('GET /narration/voices/{voz}/sample', { userId, params: { voz: 'Joanna' } })).toMatchObject({ status: 400, body: { message: VOICE_MESSAGE } });
    },
  ],
];

export const cases: GroupCases = {
  [NARRATION]: {
    badBody: { body: { voz: 'Joanna' }, message: VOICE_MESSAGE },
    success: [
      "starts the lesson's audio in the profile's voice (202 generando), and a second POST answers the same job",
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        expect(await invoke('PUT /users/profile', { userId, body: { voz: 'Mia' } })).toMatchObject({ status: 200 });
        const first = await invoke(NARRATION, { userId, params: lessonParams(courseId), body: {} });
        expect(first).toMatchObject({ status: 202, body: { success: true, data: { estado: 'generando', voz: 'Mia', minutos: expect.any(Number) as number } } });
        const ready = await readyNarration(userId, lessonParams(courseId));
        expect(ready.body.data).toMatchObject({ estado: 'lista', voz: 'Mia' });
        expect(await invoke(NARRATION, { userId, params: lessonParams(courseId), body: {} })).toMatchObject({ status: 200, body: { data: { estado: 'lista', voz: 'Mia' } } });
      },
    ],
  },
  [NARRATION_GET]: {
    success: [
      'answers the audio and marks links when ready, in the voice asked for',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        expect(await invoke(NARRATION, { userId, params: lessonParams(courseId, 1, 1), body: { voz: 'Pedro' } })).toMatchObject({ status: 202 });
        const ready = await readyNarration(userId, lessonParams(courseId, 1, 1), { voz: 'Pedro' });
        expect(ready.body.data).toMatchObject({ estado: 'lista', voz: 'Pedro', audioUrl: expect.any(String) as string, marcasUrl: expect.any(String) as string });
        expect(mp3Info(await fetchBytes(ready.body.data.audioUrl as string)).durationMs).toBeGreaterThan(5000);
        // Issue 44 item 7: a link is the same all UTC day (signed at the day's start), so the browser keeps the audio.
        const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
        const read = (ms: number) => at(new Date(day + ms), () => invoke(NARRATION_GET, { userId, params: lessonParams(courseId, 1, 1), query: { voz: 'Pedro' } }));
        const [early, late, tomorrow] = [await read(60_000), await read(23 * 3_600_000), await read(86_400_000 + 60_000)];
        expect(late.body.data).toEqual(early.body.data);
        expect(new URL(early.body.data.audioUrl as string).searchParams.get('X-Amz-Date')).toBe(new Date(day).toISOString().replace(/[-:]|\.\d{3}/g, ''));
        expect(tomorrow.body.data.audioUrl).not.toBe(early.body.data.audioUrl);
        for (const url of [early.body.data.audioUrl, early.body.data.marcasUrl] as string[]) {
          const res = await fetch(url);
          expect([res.status, res.headers.get('cache-control')]).toEqual([200, AUDIO_CACHE_CONTROL]);
        }
        // The attacker: another learner asking for these ids at the same instant gets no link at all.
        const stranger = await at(new Date(day + 60_000), () => invoke(NARRATION_GET, { userId: randomUUID(), params: lessonParams(courseId, 1, 1), query: { voz: 'Pedro' } }));
        expect(stranger).toMatchObject(LESSON_404);
        expect(JSON.stringify(stranger.body)).not.toContain('narration/');
        // The profile's voice (none chosen: Lucía) has no audio yet.
        expect(await invoke(NARRATION_GET, { userId, params: lessonParams(courseId, 1, 1) })).toMatchObject({ status: 404 });
      },
    ],
  },
  [TUTOR_VOICE]: {
    badBody: { body: { fecha: '' }, message: 'Indica qué respuesta del tutor quieres escuchar' },
    success: [
      'reads the tutor answer of that fecha aloud (real MP3), and a replay is the same object, charged once',
      async () => {
        const { userId } = await learner();
        const { courseId } = await generatedCourse(userId);
        const fecha = await conversationWith(userId, courseId, 'Una **variable** guarda un valor. Por ejemplo, `edad = 30` guarda el número treinta.');
        const first = await invoke(TUTOR_VOICE, { userId, params: { id: courseId }, body: { fecha, voz: 'Sergio' } });
        expect(first).toMatchObject({ status: 200, body: { data: { voz: 'Sergio', caracteres: expect.any(Number) as number } } });
        const audio = await fetchBytes(first.body.data.audioUrl as string);
        expect(mp3Info(audio).durationMs).toBeGreaterThan(2000);
        const again = await invoke(TUTOR_VOICE, { userId, params: { id: courseId }, body: { fecha, voz: 'Sergio' } });
        expect(again.status).toBe(200);
        expect(new URL(again.body.data.audioUrl as string).pathname).toBe(new URL(first.body.data.audioUrl as string).pathname);
      },
    ],
  },
  'GET /narration/voices/{voz}/sample': {
    success: [
      "answers a link to the voice's sample, a real MP3 kept under narration/samples/",
      async () => {
        const { userId } = await learner();
        const res = await invoke('GET /narration/voices/{voz}/sample', { userId, params: { voz: 'Lupe' } });
        expect(res).toMatchObject({ status: 200, body: { data: { voz: 'Lupe', audioUrl: expect.stringContaining('narration/samples/Lupe.mp3') as string } } });
        expect(mp3Info(await fetchBytes(res.body.data.audioUrl as string)).durationMs).toBeGreaterThan(1500);
      },
    ],
  },
};
