import { text, uuidId } from './common';

// Course rules read far beyond the courses routes (the course model, the plans, the prompts): apart
// from courses.ts's request schemas, which a bundle builds at its cold start whenever it uses
// anything of that file (zod calls are not free of side effects, so esbuild keeps a used file whole).
// courses.ts re-exports them with `export *`, so `contract/courses` still names everything about courses.

export const courseTopic = text('El tema', 120, 2);

/** Modules and lessons per module a learner may ask for; the defaults are the typical course. */
export const COURSE_SHAPE = { minModules: 2, maxModules: 8, defaultModules: 5, minLessons: 2, maxLessons: 6, defaultLessons: 4 };
/**
 * Share of right answers needed to pass a module evaluation (17 of 20). With EVALUATION_RULES it
 * makes a pass mean knowing the material: docs/evaluations.md shows the binomial tails.
 */
export const PASS_MARK = 85;

/** A course id, in a path (`{id}`) or a body: a UUID, or 400 "El curso no es válido". */
export const courseIdSchema = uuidId('El curso');

/** GET /courses/my-courses?limit=&cursor=: a page of courses, newest first; `next` walks on. */
export const MY_COURSES_PAGE = { default: 50, max: 100 } as const;

/**
 * Questions drawn from a module's bank for one attempt, and attempts a learner may make in 24 hours.
 * Pure guessing passes a day's attempts with p ≈ 6·10⁻⁸, knowing half the bank ≈ 5 %, knowing
 * 90 % passes the first attempt ≈ 94 % (docs/evaluations.md; test/unit/evaluations/pass-odds.test.ts).
 */
export const EVALUATION_RULES = { questionsPerAttempt: 20, attemptsPerDay: 2 } as const;
