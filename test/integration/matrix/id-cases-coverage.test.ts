import { ID_CASES, idTakingRoutes } from './id-cases';

// A new route that takes an id (in its path, or a ...Id field in its body schema) fails here
// until other-learners-ids.test.ts says what another learner gets for calling it.

it('has a case for every route that takes an id, in its path or its body', () => {
  expect(Object.keys(ID_CASES).sort()).toEqual(idTakingRoutes());
});
