import { describeRoutes } from '../support/route-cases';
import { cases } from './certificates.cases';

// Each case finishes a whole course first (generation, every lesson, every evaluation).
jest.setTimeout(120_000);
describeRoutes(cases);
