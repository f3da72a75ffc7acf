import { describeRoutes } from '../support/route-cases';
import { cases } from './users.cases';

// GET /users/me and PUT /users/profile called in process against DynamoDB Local.
describeRoutes(cases);
