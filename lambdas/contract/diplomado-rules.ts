// A diplomado's shape, apart from diplomado.ts's request schemas: the diplomado prompts, read by the
// course pipeline and the courses Lambdas, need only this, and a bundle builds a schema file whole when
// it uses anything of it. diplomado.ts re-exports it (`export *`).

/** Courses in a diplomado's programme. */
export const DIPLOMADO_SHAPE = { minCourses: 3, maxCourses: 6 };
