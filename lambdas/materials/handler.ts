import { materialRequest } from '../contract';
import { tableBudget, tableMaterialAllowance, tableSpendCharge } from '../plans';
import { documentClient } from '../shared/clients';
import { clock } from '../shared/clock';
import { readConfig, tableName } from '../shared/config';
import { createHandler, endpoint, ok } from '../shared/http';
import { bedrockEmbed } from './embeddings';
import { dynamoMaterialStore } from './material-store';
import { createTextMaterial, deleteMaterial, getMaterial, listMaterials, materialIdParam } from './use-cases';

const config = readConfig({ TABLE_NAME: tableName });
const deps = {
  store: dynamoMaterialStore(documentClient(), config.TABLE_NAME),
  allowance: tableMaterialAllowance(config.TABLE_NAME),
  now: clock.now,
  embed: bedrockEmbed,
  budget: tableBudget(config.TABLE_NAME),
  charge: tableSpendCharge(config.TABLE_NAME),
};

export const handler = createHandler('materials', {
  'POST /materials': endpoint({
    body: materialRequest,
    handle: async ({ userId, body }) => ok({ data: await createTextMaterial(deps, userId, body) }, 201),
  }),
  'GET /materials': endpoint({ handle: async ({ userId }) => ok({ data: await listMaterials(deps, userId) }) }),
  'GET /materials/{id}': endpoint({ handle: async ({ userId, params }) => ok({ data: await getMaterial(deps, userId, materialIdParam(params.id)) }) }),
  'DELETE /materials/{id}': endpoint({
    handle: async ({ userId, params }) => {
      await deleteMaterial(deps, userId, materialIdParam(params.id));
      return ok({ message: 'Material eliminado.' });
    },
  }),
});
