import * as z from 'zod';
import { materialRequest } from '../contract';
import { tableBudget, tableMaterialAllowance, tableSpendCharge } from '../plans';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { bedrockEmbed } from './embeddings';
import { createFileMaterial, deleteMaterialAndFile, getMaterialDetail } from './file-upload';
import { s3MaterialFiles } from './material-files';
import { dynamoMaterialStore } from './material-store';
import { createTextMaterial, listMaterials, materialIdParam } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName, MATERIALS_BUCKET: z.string().min(1) });
const deps = {
  store: dynamoMaterialStore(documentClient(), config.TABLE_NAME),
  files: s3MaterialFiles(config.MATERIALS_BUCKET),
  allowance: tableMaterialAllowance(config.TABLE_NAME),
  now: clock.now,
  embed: bedrockEmbed,
  budget: tableBudget(config.TABLE_NAME),
  charge: tableSpendCharge(config.TABLE_NAME),
};

export const handler = createHandler('materials', {
  'POST /materials': endpoint({
    body: materialRequest,
    handle: async ({ userId, body: { titulo, texto, archivo } }) =>
      ok({ data: archivo ? await createFileMaterial(deps, userId, { titulo, archivo }) : await createTextMaterial(deps, userId, { titulo, texto: texto! }) }, 201),
  }),
  'GET /materials': endpoint({ handle: async ({ userId }) => ok({ data: await listMaterials(deps, userId) }) }),
  'GET /materials/{id}': endpoint({ handle: async ({ userId, params }) => ok({ data: await getMaterialDetail(deps, userId, materialIdParam(params.id)) }) }),
  'DELETE /materials/{id}': endpoint({
    handle: async ({ userId, params }) => {
      await deleteMaterialAndFile(deps, userId, materialIdParam(params.id));
      return ok({ message: 'Material eliminado.' });
    },
  }),
});
