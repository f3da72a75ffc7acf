import { aulaAllowsSharing, liveMaterialIds } from '../aulas';
import { courseIdParam } from '../course-model';
import { dynamoMaterialStore } from '../materials';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { dynamoShareStore } from './share-store';
import { copyShare, COPIED, readShare, shareCourse, shareIdParam, withdrawShare, type SharingDeps } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const db = documentClient();
const deps: SharingDeps = {
  store: dynamoShareStore(db, config.TABLE_NAME),
  now: clock.now,
  // Issue 31 (docs/aulas.md "Sharing a copy"): an aula's copy is published only if its aula allows it.
  aulaAllowsSharing: aulaAllowsSharing(db, config.TABLE_NAME),
  liveMaterials: liveMaterialIds(dynamoMaterialStore(db, config.TABLE_NAME)),
};

/** A shared course is for the people given the link, not for search engines (the SPA's page says so too). */
const NOINDEX = { 'x-robots-tag': 'noindex, nofollow' };

export const handler = createHandler('sharing', {
  'POST /courses/{id}/share': endpoint({ handle: async ({ userId, params }) => ok({ data: await shareCourse(deps, userId, courseIdParam(params.id)) }) }),
  'DELETE /courses/{id}/share': endpoint({ handle: async ({ userId, params }) => ok({ message: await withdrawShare(deps, userId, courseIdParam(params.id)) }) }),
  // Public (no authorizer): whoever holds the link reads the course.
  'GET /compartidos/{shareId}': endpoint({
    handle: async ({ params }) => ({ ...ok({ data: await readShare(deps, shareIdParam(params.shareId)) }), headers: NOINDEX }),
  }),
  'POST /compartidos/{shareId}/copy': endpoint({
    handle: async ({ userId, params }) => ok({ curso: await copyShare(deps, userId, shareIdParam(params.shareId)), message: COPIED }, 201),
  }),
});
