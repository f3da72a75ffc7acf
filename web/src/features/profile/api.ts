import type { UpdateProfileRequest } from '../../../../lambdas/contract/users';
import { call, request } from '../../lib/api';

export const profileApi = {
  update: (body: UpdateProfileRequest) => call('PUT /users/profile', { body }),
  /** Shows or hides one course's topic on the public profile (the course's own switch). */
  courseVisibility: (courseId: string, publico: boolean) => call('PUT /users/courses/{id}/visibility', { params: { id: courseId }, body: { publico } }),
  /** Everything the account holds, and the file name the server suggests for it. */
  exportData: () =>
    request('GET /users/me/export', {}, { loadingMessage: 'Preparando tus datos...' }).then((r) => {
      const header = (r.headers as Record<string, unknown>)['content-disposition'];
      const disposition = typeof header === 'string' ? header : '';
      return { data: r.data.data, fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'mentora-mis-datos.json' };
    }),
  deleteAccount: (confirmacion: string) => call('DELETE /users/me', { body: { confirmacion } }, { loadingMessage: 'Eliminando tu cuenta...' }),
};
