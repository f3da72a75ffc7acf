import { describeRoutes } from '../support/route-cases';
import { cases } from './tutor.cases';

// The tutor Lambda in process: a generated course, the local model, the daily quota in DynamoDB Local.
describeRoutes(cases);
