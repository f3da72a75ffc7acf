import { spawnStack } from '/work/wt-ci/test/support/spawn-stack';
import { launchChromium } from '/work/wt-ci/test/support/e2e-browser';
import AxeBuilder from '/work/wt-ci/node_modules/@axe-core/playwright';
(async () => {
  const stack = await spawnStack({ port: 0, web: 'dist' });
  process.env.MENTORA_E2E_URL = stack.url;
  const h = await import('/work/wt-ci/test/e2e/helpers');
  const BASE = stack.url;
  const browser = await launchChromium();
  const learner = await (async () => { const f = h.freshLearner();
    const post = (p: string, b: unknown) => fetch(`${BASE}/api${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(b) }).then(r => r.json());
    const reg: any = await post('/auth/register', f);
    let code = ''; for (let i=0;i<50 && !code;i++){ const m:any = await (await fetch(`${BASE}/__local/mail?to=${encodeURIComponent(f.email)}`, {headers:{Accept:'application/json'}})).json(); code = m.find((x:any)=>x.to===f.email)?.code ?? ''; if(!code) await new Promise(r=>setTimeout(r,200)); }
    await post('/auth/confirm', { username: reg.user.id, code, email: f.email, sessionId: reg.sessionid ?? undefined }); return f; })();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Correo electrónico').fill(learner.email);
  await page.getByLabel('Contraseña').fill(learner.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL('**/dashboard');
  for (const path of ['/dashboard', '/repaso', '/profile', '/social', '/changeplan', '/generar', '/payments/history']) {
    let t = Date.now(); await page.goto(`${BASE}${path}`); const g = Date.now() - t;
    t = Date.now(); await page.getByRole('heading', { level: 1 }).first().waitFor(); const hd = Date.now() - t;
    t = Date.now(); await page.waitForFunction(() => { const w = window as any; if (document.querySelector('[data-sonner-toast], [data-sonner-toaster] [data-title]')) return (w.__q = undefined), false; w.__q ??= performance.now(); return performance.now() - w.__q >= 300; }, undefined, { timeout: 10000, polling: 100 }); const quiet = Date.now() - t;
    t = Date.now(); await page.getByTestId('loading-overlay').waitFor({ state: 'detached', timeout: 5_000 }); const ov = Date.now() - t;
    t = Date.now(); await page.evaluate(require('/work/wt-ci/node_modules/axe-core').source); const ax = Date.now() - t;
    t = Date.now(); await page.evaluate(() => new Promise(r => setTimeout(r, 0))); const inj = Date.now() - t;
    t = Date.now(); const n = await page.evaluate(async () => (await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','best-practice'] }, resultTypes: ['violations'] })).violations.length); const ax2 = Date.now() - t;
    t = Date.now(); await page.evaluate(async () => (await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a','wcag2aa','wcag21a','wcag21aa','best-practice'] }, resultTypes: ['violations'] })).violations.length); const ax3 = Date.now() - t;
    // client-side nav
    t = Date.now(); await page.evaluate((p) => { history.pushState({}, '', p); dispatchEvent(new PopStateEvent('popstate')); }, '/aulas'); await page.getByRole('heading', { level: 1 }).first().waitFor(); const cn = Date.now() - t;
    console.log(path, { goto: g, heading: hd, quiet, ov, inject: ax, inj, run1: ax2, run2: ax3, clientNav: cn });
  }
  await browser.close(); await stack.stop();
})();
