import { describeRoutes } from '../support/route-cases';
import { cases } from './social.cases';
import { cases as sendCases, refusals } from './social-sends.cases';

// The social Lambda in process: public profiles and connections in DynamoDB Local.
describeRoutes(cases);

// Issue 34: courses sent between connections, the attacker first.
describe('courses sent between connections: refusals', () => {
  it.each(refusals)('%s', async (_name, run) => run());
});
describeRoutes(sendCases);
