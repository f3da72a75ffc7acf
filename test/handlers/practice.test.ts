import { describeRoutes } from '../support/route-cases';
import { cases } from './practice.cases';

// Each case generates a course and waits for grading jobs: slow on a loaded machine.
jest.setTimeout(120_000);
describeRoutes(cases);
