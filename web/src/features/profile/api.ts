import type { AccountExport, UpdateProfileRequest, User } from '../../../../lambdas/contract/users';
import { api } from '../../lib/api-client';

interface Envelope<T> {
  success: boolean;
  data?: T;
  message?: string;
}

export const profileApi = {
  update: (body: UpdateProfileRequest) => api.put<Envelope<User>>('/users/profile', body).then((r) => r.data),
  /** Shows or hides one course's topic on the public profile (the course's own switch). */
  courseVisibility: (courseId: string, publico: boolean) =>
    api.put<Envelope<User>>(`/users/courses/${encodeURIComponent(courseId)}/visibility`, { publico }).then((r) => r.data),
  /** Everything the account holds, and the file name the server suggests for it. */
  exportData: () =>
    api.get<Envelope<AccountExport>>('/users/me/export', { loadingMessage: 'Preparando tus datos...' }).then((r) => {
      const disposition = String(r.headers['content-disposition'] ?? '');
      return { data: r.data.data!, fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'mentora-mis-datos.json' };
    }),
  deleteAccount: (confirmacion: string) => api.delete<Envelope<never>>('/users/me', { data: { confirmacion }, loadingMessage: 'Eliminando tu cuenta...' }).then((r) => r.data),
};
