import { courseIdParam, dynamoCourseStore } from '../course-model';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { exportScorm } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const deps = { store: dynamoCourseStore(documentClient(), config.TABLE_NAME), now: clock.now };

export const handler = createHandler('scorm', {
  'GET /courses/{id}/scorm': endpoint({ handle: async ({ userId, params }) => ok({ data: await exportScorm(deps, userId, courseIdParam(params.id)) }) }),
});
