import type { ContactRequest } from '../../../../lambdas/contract/support';
import { call } from '../../lib/api';

export const supportApi = {
  contact: async (body: ContactRequest) => call('POST /auth/contacto', { body }),
};
