import { describeRoutes } from '../support/route-cases';
import { cases } from './remedial.cases';

// Each case generates a course, takes its evaluation and waits for a model job: slow on a loaded machine.
jest.setTimeout(240_000);
describeRoutes(cases);
