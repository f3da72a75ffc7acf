import { dynamoQualityCounters } from '../shared/ai/quality-counters';
import { lessonRequest } from '../contract';
import { structuredModel } from '../shared/ai/bedrock-client';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoCourseStore } from '../courses/course-store';
import { dynamoGenerationStore } from '../courses/generation-store';
import { tableAllowance } from '../plans/adapters';
import { generateLesson, type LessonDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const deps: LessonDeps = {
  store: dynamoCourseStore(documentClient(), config.TABLE_NAME),
  gen: dynamoGenerationStore(documentClient(), config.TABLE_NAME),
  model: structuredModel(),
  quality: dynamoQualityCounters(documentClient(), config.TABLE_NAME),
  allowance: tableAllowance(config.TABLE_NAME, 'regeneraciones'),
};

export const handler = createHandler('lessons', {
  'POST /lesson/generate': endpoint({
    body: lessonRequest,
    handle: async ({ userId, body }) => ok({ data: await generateLesson(deps, userId, body), message: 'Lección generada' }),
  }),
});
