import { describeRoutes } from '../support/route-cases';
import { cases } from './evaluations.cases';

// The evaluations Lambda in process: module evaluations written by the local pipeline.
describeRoutes(cases);
