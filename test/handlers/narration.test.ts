import { describeRoutes } from '../support/route-cases';
import { cases, refusals } from './narration.cases';

// The narration routes (issue 26) called in process against the local stack's table, Polly and S3.
// A lesson's audio takes espeak-ng several seconds on a shared machine.
jest.setTimeout(180_000);
describe('refusals', () => {
  it.each(refusals)('%s', async (_name, run) => run(), 60_000);
});
describeRoutes(cases);
