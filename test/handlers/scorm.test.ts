import { describeRoutes } from '../support/route-cases';
import { cases, refusals } from './scorm.cases';

// The SCORM 1.2 export (issue 25) called in process against DynamoDB Local and the offline pipeline.
describe('refusals', () => {
  it.each(refusals)('%s', async (_name, run) => run());
});
describeRoutes(cases);
