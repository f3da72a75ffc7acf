// The operator's LTI registrations (docs/operations.md "LTI platform registrations"), on the table TABLE_NAME:
//   npx tsx scripts/lti-platforms.ts ver <issuer>
//   npx tsx scripts/lti-platforms.ts aprobar <issuer> <clientId>          a pending registration, once its keys are checked
//   npx tsx scripts/lti-platforms.ts asignar <issuer> <clientId> <userId> hands it to an account (a dynamic one, a dispute)
//   npx tsx scripts/lti-platforms.ts borrar <issuer> <clientId>           deletes it (its LMS aulas stay as ordinary aulas)
import { dynamoLtiStore } from '../lambdas/lti/lti-store';
import { approvePlatform, assignPlatform, removePlatform } from '../lambdas/lti/platform-admin';
import { documentClient } from '../lambdas/shared/clients';

async function main() {
  const [command, issuer, clientId, userId] = process.argv.slice(2);
  const table = process.env.TABLE_NAME;
  if (!table || !command || !issuer) throw new Error('Uso: TABLE_NAME=<tabla> npx tsx scripts/lti-platforms.ts ver|aprobar|asignar|borrar <issuer> [clientId] [userId]');
  const store = dynamoLtiStore(documentClient(), table);
  if (command === 'ver') return console.log(JSON.stringify(await store.platformsOf(issuer), null, 2));
  if (!clientId) throw new Error('Falta el clientId.');
  const answer = command === 'aprobar' ? await approvePlatform(store, issuer, clientId)
    : command === 'asignar' && userId ? await assignPlatform(store, issuer, clientId, userId)
      : command === 'borrar' ? await removePlatform(store, issuer, clientId)
        : undefined;
  if (!answer) throw new Error(`Orden desconocida o incompleta: ${command}`);
  console.log(JSON.stringify(answer, null, 2));
  if (!answer.hecho) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
