import { describeRoutes } from '../support/route-cases';
import { cases } from './review.cases';

// Each case generates a course and fails its evaluation first: slow on a loaded machine.
jest.setTimeout(120_000);
describeRoutes(cases);
