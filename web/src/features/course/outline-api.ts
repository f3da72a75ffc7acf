import type { OutlineEdit } from '../../../../lambdas/contract/outline';
import { call } from '../../lib/api';

export const outlineApi = {
  /** PUT /courses/{id}/outline: only while the course is `revisando_temario`. */
  confirm: (courseId: string, body: OutlineEdit) => call('PUT /courses/{id}/outline', { params: { id: courseId }, body }),
};
