import * as z from 'zod';
import { documentClient } from '../shared/clients';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoCertificateStore } from './certificate-store';
import { certificateFile, certificateIdParam, listCertificates, verifyCertificate } from './use-cases';

// SITE_URL: the web's origin, printed in the PDF as the verification address.
const config = readConfig({ TABLE_NAME: tableName, SITE_URL: z.url() });
const store = dynamoCertificateStore(documentClient(), config.TABLE_NAME);

export const handler = createHandler('certificates', {
  'GET /certificates': endpoint({ handle: async ({ userId }) => ok({ data: await listCertificates(store, userId) }) }),
  'GET /certificates/{id}/pdf': endpoint({
    handle: async ({ userId, params }) => ok({ data: await certificateFile(store, userId, certificateIdParam(params.id), config.SITE_URL) }),
  }),
  // Public (no authorizer): anyone holding the link may check that the certificate is real.
  'GET /certificados/{id}': endpoint({ handle: async ({ params }) => ok({ data: await verifyCertificate(store, certificateIdParam(params.id)) }) }),
});
