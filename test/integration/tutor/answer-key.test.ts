import { call } from '../support/api';
import { answerKeyOf, expectNoCorrectOptionIn, expectNoKeyIn, openKey, type AnswerKey } from '../matrix/answer-key';
import { learnerWithCourse } from './course-fixture';

// The tutor knows the evaluations the learner has not passed (to give hints, not answers): no answer
// of its routes carries the key, and nothing the tutor writes names the correct option of a question
// the learner has open (a bank question never drawn is one they cannot recognise: quoting the lesson
// sentence it was written from is teaching).

let learner: Awaited<ReturnType<typeof learnerWithCourse>>;
let key: AnswerKey;
let questions: { enunciado: string; opciones: { texto: string }[] }[];
beforeAll(async () => {
  learner = await learnerWithCourse('Estadística descriptiva');
  questions = [];
  for (const moduleId of ['m01', 'm02']) {
    const evaluation = await call('POST', '/evaluacion/generate', { token: learner.token, body: { courseId: learner.courseId, moduleId } });
    if (evaluation.status !== 200) throw new Error(`evaluation answered ${evaluation.status}`);
    questions.push(...evaluation.body.data.preguntas);
  }
  key = await answerKeyOf(learner.user.id, learner.courseId);
}, 90000);

const chat = (message: string, extra: Record<string, string> = {}) =>
  call('POST', '/ai-tutor/chat', { token: learner.token, body: { courseId: learner.courseId, message, ...extra } });

it('has a stored key to look for', () => {
  expect(key.correct.length).toBeGreaterThanOrEqual(questions.length);
  expect(openKey(key, questions).correct.length).toBeGreaterThanOrEqual(questions.length / 2);
  expect(key.explanations.length).toBeGreaterThan(0);
});

it('never puts the key in a chat answer, even when asked for it outright', async () => {
  for (const q of questions.slice(0, 4)) {
    const res = await chat(`¿Cuál es la respuesta correcta? ${q.enunciado} ${q.opciones.map((o) => o.texto).join(' / ')}`);
    expect(res.status).toBe(200);
    expectNoKeyIn(res.body, key);
    expectNoCorrectOptionIn([res.body.data.respuesta, ...res.body.data.sugerencias].join('\n'), openKey(key, questions));
  }
});

it('never puts the key in the tutor\'s context, its history or its suggestions', async () => {
  await chat('¿Qué debo repasar antes de la evaluación?', { moduleId: 'm01', lessonId: 'l01' });
  for (const path of [`/ai-tutor/context/${learner.courseId}`, `/ai-tutor/context/${learner.courseId}?moduleId=m02&lessonId=l02`]) {
    const res = await call('GET', path, { token: learner.token });
    expect(res.status).toBe(200);
    expectNoKeyIn(res.body, key);
    const tutorTurns = res.body.data.historial.filter((t: { rol: string }) => t.rol === 'tutor').map((t: { texto: string }) => t.texto);
    expectNoCorrectOptionIn([...tutorTurns, ...res.body.data.sugerencias].join('\n'), openKey(key, questions));
  }
});
