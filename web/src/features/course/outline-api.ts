import type { OutlineEdit } from '../../../../lambdas/contract/outline';
import { api } from '../../lib/api-client';

export const outlineApi = {
  /** PUT /courses/{id}/outline: only while the course is `revisando_temario`. */
  confirm: (courseId: string, body: OutlineEdit) => api.put<{ success: boolean; message?: string }>(`/courses/${encodeURIComponent(courseId)}/outline`, body).then((r) => r.data),
};
