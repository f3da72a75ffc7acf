import { describeRoutes } from '../support/route-cases';
import { cases } from './lessons.cases';

// The lessons Lambda in process: lessons of a course generated on the local pipeline.
describeRoutes(cases);
