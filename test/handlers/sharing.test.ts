import { describeRoutes } from '../support/route-cases';
import { cases, refusals } from './sharing.cases';

// Sharing a course by link (issue 25) called in process against DynamoDB Local.
describe('refusals', () => {
  it.each(refusals)('%s', async (_name, run) => run());
});
describeRoutes(cases);
