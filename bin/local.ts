// `npm start`: the whole of Mentora on this machine, no AWS account, no internet.
import { join, relative } from 'node:path';
import '../infra/local/untraced';
import { startLocalStack } from '../infra/local/stack';
import { quietAwsSdk } from '../infra/local/quiet-aws-sdk';
import { JavaMissingError } from '../infra/local/dynamo-engine';
import { AUDIO_TOOLS_HINT, missingAudioTools } from '../infra/local/polly-audio';
import { ensureWebBuild } from '../infra/local/web-build';

quietAwsSdk();

const started = Date.now();
const port = Number(process.env.PORT ?? 5173);
const dataDir = process.env.MENTORA_DATA_DIR ?? join(process.cwd(), '.local');
// The production build, as users get it (built when missing or stale); `npm run dev` sets MENTORA_WEB=dev.
const web = (process.env.MENTORA_WEB as 'dev' | 'dist' | undefined) ?? 'dist';
if (web === 'dist') ensureWebBuild();

startLocalStack({
  port,
  dataDir,
  web,
  cognitoPort: Number(process.env.COGNITO_PORT ?? 9229),
  oauthPort: Number(process.env.OAUTH_PORT ?? 9230),
  onMail: (mail) => console.log(`\n  ✉  Código para ${mail.to}: ${mail.code}\n`),
})
  .then((stack) => {
    console.log(`\n  Mentora está lista en ${stack.url}  (${Date.now() - started} ms)`);
    console.log(`  Buzón local de códigos: ${stack.url}/__local/mail`);
    console.log(
      stack.pipelineMode === 'offline'
        ? '  Cursos en Modo demostración (contenido de ejemplo sin IA). Usa MENTORA_LLM_URL para un modelo real.'
        : `  Cursos generados con el modelo de ${stack.pipelineMode}`,
    );
    // The local Polly speaks through Debian's espeak-ng (+ lame, oggenc): without them lessons cannot be narrated.
    const mute = missingAudioTools();
    if (mute.length) console.log(`  Narración sin voz: faltan ${mute.join(', ')}. Instálalos con: ${AUDIO_TOOLS_HINT}`);
    console.log(`  Datos locales en ${relative(process.cwd(), dataDir) || '.'}/ · Ctrl-C para detener\n`);
    let stopping = false;
    const stop = async () => {
      if (stopping) return;
      stopping = true;
      await stack.stop();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    process.on('SIGTERM', () => void stop());
  })
  .catch((error) => {
    const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    if (error instanceof JavaMissingError) console.error(`\n  ${error.message.replaceAll('\n', '\n  ')}\n`);
    else console.error(busy ? `\n  El puerto ${(error as { port?: number }).port ?? port} está ocupado: usa PORT=otro npm start\n` : error);
    process.exit(1);
  });
