import { showsObjective } from '../../../lambdas/evaluations/objective-feedback';

// Issue 41: "Te falta" only on clear evidence from the attempt (its precision must hold on learners
// the model was not built from, `npm run bench learning`): the posterior must fall below 0.1.
describe('whether an attempt shows an objective', () => {
  it.each([[3, 4], [4, 6], [4, 7], [5, 8]])('%i of %i right shows it', (right, total) => expect(showsObjective(right, total)).toBe(true));
  it.each([[2, 4], [3, 6], [3, 7], [4, 8]])('%i of %i right is "Te falta"', (right, total) => expect(showsObjective(right, total)).toBe(false));
});
