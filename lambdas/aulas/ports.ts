import type { AulaAllowance, PlanName } from '../plans';
import type { CourseStore } from '../course-model';
import type { GradeErasure } from '../lms-grades';
import type { AulaItem, MemberItem } from './aula-items';
import type { AulaStore } from './aula-store';
import type { GroupReads } from './group-reads';
import type { CopyDeps } from './member-copies';

/** What the aulas' use cases are given (the handler builds them on the real table, tests may pass fakes). */
export interface AulaDeps {
  store: AulaStore;
  /** The caller's plan and its `aulas` allowance (lambdas/plans). */
  allowance: (userId: string) => Promise<{ plan: PlanName } & AulaAllowance>;
  courses: Pick<CourseStore, 'get' | 'items'>;
  copies: CopyDeps;
  readGroup: (aula: AulaItem, members: MemberItem[]) => Promise<GroupReads>;
  /** An LMS course's aula's grade items (lambdas/lms-grades), deleted with the aula. */
  grades: Pick<GradeErasure, 'forgetAula'>;
  now: () => Date;
}
