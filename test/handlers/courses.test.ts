import { describeRoutes } from '../support/route-cases';
import { cases } from './courses.cases';

// The courses Lambda in process: DynamoDB Local, the local Step Functions runner and the local model.
describeRoutes(cases);
