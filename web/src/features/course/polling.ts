/** How often the SPA asks about a course being written. Tests shorten these. */
export const polling = {
  /** GET /jobs/{id} while the generator shows its progress bar (issue 4: about every second). */
  jobMs: 1000,
  /** GET /courses/{id} while a course is `generando`, so lessons appear as they finish. */
  courseMs: 3000,
  /** Consecutive failed polls before the screen says the connection is lost. */
  maxFailures: 5,
};
