import { randomBytes } from 'node:crypto';
import { userPk } from '../shared/table';

// The public pointer of a shared course (docs/data-model.md, "Shared courses"). The public page must
// find the course without knowing its owner, so the pointer lives in a partition of its own keyed by
// the unguessable share id: one GetItem, no Scan. Everything else stays in the owner's partition.

export interface ShareItem {
  shareId: string;
  /** Whose course it points at: read by the server only, never answered. */
  ownerId: string;
  courseId: string;
  /** Copies made through this link (ADD in each copy's transaction). */
  copias: number;
  createdAt: string;
}

export const SHARE_SK = 'SHARE';
export const shareKey = (shareId: string) => ({ pk: `SHARE#${shareId}`, sk: SHARE_SK });

/**
 * In the copier's partition: they copied this course once (keyed by the source course, so a new link
 * to the same course does not allow a second copy). Points at their copy.
 */
export const copyMarkerKey = (userId: string, sourceCourseId: string) => ({ pk: userPk(userId), sk: `SHARECOPY#${sourceCourseId}` });

/** 128 random bits, url-safe (SHARE_ID_PATTERN in the contract). */
export const newShareId = () => randomBytes(16).toString('base64url');
