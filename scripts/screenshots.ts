// Screenshots of every page at 1280 and 390 px into screenshots/ (gitignored), from the
// production build served by the local stack in Debian's Chromium. `npx tsx scripts/screenshots.ts`
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { spawnStack } from '../test/support/spawn-stack';

const ROOT = join(__dirname, '..');
const OUT = join(ROOT, 'screenshots');
const WIDTHS: [number, number][] = [[1280, 900], [390, 844]];
const PROTECTED = ['/dashboard', '/generar', '/materiales', '/course/demo', '/profile', '/social', '/changeplan', '/payments/history', '/payments/methods', '/payments/success', '/payments/cancel', '/profile/billing'];

async function main() {
  if (process.argv.includes('--no-build') === false) {
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    });
  }
  mkdirSync(OUT, { recursive: true });
  // Model-paced writing, so the streaming outline can be caught mid-stream (MENTORA_LLM_LATENCY_MS=model).
  process.env.MENTORA_LLM_LATENCY_MS ??= 'model';
  const stack = await spawnStack({ port: 0, web: 'dist' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const shot = async (page: Page, name: string, width: number) => {
    await page.waitForTimeout(400); // let fades and toasts settle
    await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
    console.log(`screenshots/${name}-${width}.png`);
  };
  try {
    for (const [width, height] of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height }, locale: 'es-ES' });
      const page = await context.newPage();
      const learner = { email: `shot-${width}-${Date.now().toString(36)}@example.com`, password: 'Clave-Segura1', nombre: 'Lucía Gómez' };

      await page.goto(`${stack.url}/login`);
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      await shot(page, 'login', width);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await page.getByText('El correo electrónico no es válido').waitFor();
      await shot(page, 'login-errors', width);

      await page.goto(`${stack.url}/register`);
      await page.getByRole('heading', { name: 'Crea tu cuenta' }).waitFor();
      await shot(page, 'register', width);
      await page.getByLabel('Nombre').fill(learner.nombre);
      await page.getByLabel('Correo electrónico').fill(learner.email);
      await page.getByLabel('Contraseña').fill(learner.password);
      await page.getByRole('button', { name: 'Registrarse' }).click();
      await page.getByLabel('Código de confirmación').waitFor();
      await shot(page, 'register-code', width);
      const mail = await fetch(`${stack.url}/__local/mail?to=${encodeURIComponent(learner.email)}`, { headers: { Accept: 'application/json' } }).then((r) => r.json() as Promise<{ code: string }[]>);
      await page.getByLabel('Código de confirmación').fill(mail[0].code);
      await page.getByRole('button', { name: 'Confirmar código' }).click();
      await page.waitForURL('**/dashboard');

      for (const path of PROTECTED) {
        await page.goto(`${stack.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await shot(page, path.slice(1).replaceAll('/', '-'), width);
      }
      // Issue 42: the course as its outline streams in, mid-stream (the stack paces the offline writer as the
      // model table's models write, so the outline takes seconds, not milliseconds).
      await page.goto(`${stack.url}/generar`);
      await page.getByLabel('¿Qué quieres aprender?').fill('Astronomía para curiosos');
      await page.getByRole('button', { name: 'Crear curso' }).click();
      await page.getByText(/Escribiendo el módulo \d+ de \d+ del temario/).first().waitFor({ timeout: 120_000 });
      await shot(page, 'course-streaming', width);

      await page.goto(`${stack.url}/profile`);
      await page.getByRole('button', { name: 'Editar perfil' }).click();
      await shot(page, 'profile-edit', width);
      await page.getByRole('button', { name: /Abrir el menú de usuario/ }).first().click();
      await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
      await page.screenshot({ path: join(OUT, `menu-${width}.png`) });
      console.log(`screenshots/menu-${width}.png`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
