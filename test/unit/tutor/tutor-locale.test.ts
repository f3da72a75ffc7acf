import { prompts, renderPrompt } from '../../../lambdas/shared/ai/prompts';
import { unfenceData } from '../../../lambdas/shared/ai/prompts/fence';
import { chatWithTutor } from '../../../lambdas/tutor/use-cases';
import { scriptedModel, tutorDeps } from './fakes';

// Issue 33 item 3: the tutor follows the learner's country and form of address from the profile,
// as fenced data; a profile that cannot be read leaves the answer in tú with no country.

it("gives the tutor the learner's country and form of address, and asks it to follow them", async () => {
  const { model, calls } = scriptedModel({});
  const t = tutorDeps(model);
  t.deps.tutor.locale = async () => ({ pais: 'Argentina', tratamiento: 'vos' });
  await chatWithTutor(t.deps, 'ana', { courseId: 'c1', message: '¿Qué es un vector?' });
  expect(calls[0].alumno).toEqual({ pais: 'Argentina', tratamiento: 'vos' });
  const text = renderPrompt(prompts.tutor, calls[0]);
  expect(text).toMatch(/Dirígete al alumno de vos \(tenés, podés/);
  expect(text.split('DATOS (JSON):')[0]).not.toContain('Argentina');
  expect(JSON.parse(unfenceData(text)!).alumno.pais).toBe('Argentina');

  t.deps.tutor.locale = () => Promise.reject(new Error('down'));
  await chatWithTutor(t.deps, 'ana', { courseId: 'c1', message: '¿Y una matriz?' });
  expect(calls[1]).not.toHaveProperty('alumno');
  expect(renderPrompt(prompts.tutor, calls[1])).toMatch(/Dirígete al alumno de tú/);
});
