// The operator's LTI registrations (docs/operations.md "LTI platform registrations"), on the table TABLE_NAME and,
// when LTI_FRAME_STORE_ARN names it, the frame store (CloudFront's KeyValueStore, docs/lti.md "Inside the LMS's iframe"):
//   npx tsx scripts/lti-platforms.ts ver <issuer>                         every registration of the issuer
//   npx tsx scripts/lti-platforms.ts aprobar <issuer> <clientId>          a pending registration, once its keys are checked
//   npx tsx scripts/lti-platforms.ts asignar <issuer> <clientId> <userId> hands it to an account (a dynamic one, a dispute)
//   npx tsx scripts/lti-platforms.ts borrar <issuer> <clientId>           deletes it and withdraws its frame key (its LMS aulas stay as ordinary aulas)
//   npx tsx scripts/lti-platforms.ts caducar                              deletes every unproven registration past its expiry
import { registrationsPublishedTo } from '../lambdas/lti/frame-store';
import { approvePlatform, assignPlatform, removePlatform } from '../lambdas/lti/platform-admin';
import { sweepQueue } from '../lambdas/lti/registration-expiry';
import { documentClient } from '../lambdas/shared/clients';

async function main() {
  const [command, issuer, clientId, userId] = process.argv.slice(2);
  const table = process.env.TABLE_NAME;
  if (!table || !command || (!issuer && command !== 'caducar')) throw new Error('Uso: TABLE_NAME=<tabla> [LTI_FRAME_STORE_ARN=<arn>] npx tsx scripts/lti-platforms.ts ver|aprobar|asignar|borrar|caducar [issuer] [clientId] [userId]');
  const frames = process.env.LTI_FRAME_STORE_ARN;
  if (!frames && ['borrar', 'caducar'].includes(command)) console.warn('Sin LTI_FRAME_STORE_ARN: la clave del marco (frame store) no se retira.');
  const store = registrationsPublishedTo(documentClient(), table, frames);
  if (command === 'caducar') return console.log(JSON.stringify(await sweepQueue(store, new Date())));
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
