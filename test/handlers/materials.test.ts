import { describeRoutes } from '../support/route-cases';
import { cases, refusals } from './materials.cases';

// "Mis materiales" (issue 24) called in process against DynamoDB Local.
describe('refusals', () => {
  it.each(refusals)('%s', async (_name, run) => run());
});
describeRoutes(cases);
