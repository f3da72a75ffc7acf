import { describeRoutes } from '../support/route-cases';
import { cases } from './social.cases';

// The social Lambda in process: public profiles and connections in DynamoDB Local.
describeRoutes(cases);
