import type { UpdateProfileRequest, User } from '../../../../lambdas/contract/users';
import { api } from '../../lib/api-client';

export const profileApi = {
  update: (body: UpdateProfileRequest) =>
    api.put<{ success: boolean; data?: User; message?: string }>('/users/profile', body).then((r) => r.data),
};
