import { showsObjective } from '../../../lambdas/evaluations/objective-feedback';
import { BKT_DEFAULTS } from '../../../lambdas/learner-model';

// Issue 41: "Te falta" only on clear evidence from the attempt (its precision must hold on learners
// the model was not built from, `npm run bench learning`): the posterior must fall below 0.1.
describe('whether an attempt shows an objective', () => {
  it.each([[3, 4], [4, 6], [4, 7], [5, 8]])('%i of %i right shows it', (right, total) => expect(showsObjective(right, total)).toBe(true));
  it.each([[2, 4], [3, 6], [3, 7], [4, 8]])('%i of %i right is "Te falta"', (right, total) => expect(showsObjective(right, total)).toBe(false));
  // The parameters in force (params.json, once fitted) decide it: where guessing is easier and slips
  // more common (the bench's fit under slip 0.25 and guess 0.4), a wrong answer says less: 3 of 7 right show it.
  it('reads the parameters it is given', () => {
    const fitted = { ...BKT_DEFAULTS, pInit: 0.46, pGuess: 0.42, pSlip: 0.25 };
    expect(showsObjective(3, 7)).toBe(false);
    expect(showsObjective(3, 7, fitted)).toBe(true);
  });
});
