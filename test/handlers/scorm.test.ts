import { describeRoutes } from '../support/route-cases';
import { generatedCourse, learner } from '../support/learners';
import { exported, refusals, cases } from './scorm.cases';

// The SCORM 1.2 export (issue 25) called in process against DynamoDB Local and the offline pipeline.
describe('refusals', () => {
  it.each(refusals)('%s', async (_name, run) => run());
});
describeRoutes(cases);

describe('limits (docs/scorm.md)', () => {
  // A Lambda's answer is at most 6 MB, and the zip travels as base64 (4/3) inside JSON: the bound the
  // docs state is measured here on a default-size course (5 modules × 4 lessons) and the largest one (8 × 6).
  it.each([[5, 4], [8, 6]])('a %i × %i course answers far below 6 MB', async (modulos, leccionesPorModulo) => {
    const { userId } = await learner();
    const { courseId } = await generatedCourse(userId, { topic: 'Historia del arte europeo', level: 'intermedio', modulos, leccionesPorModulo });
    const { data, zip } = await exported(userId, courseId);
    const answer = JSON.stringify({ success: true, data: { ...data, zip: zip.toString('base64') } }).length;
    console.info(`SCORM ${modulos}×${leccionesPorModulo}: zip ${zip.byteLength} B, answer ${answer} B, ${data.lecciones} lessons, ${data.evaluaciones} evaluations`);
    expect(data).toMatchObject({ lecciones: modulos * leccionesPorModulo, evaluaciones: modulos });
    expect(answer).toBeLessThan(1024 * 1024);
  }, 180_000);
});
