import { lessonPage, SCO_CSS } from '/work/wt-ci/lambdas/scorm/sco-pages';
import { diagramBlock } from '/work/wt-ci/lambdas/contract/diagrams';
import { SHOWCASE_DIAGRAMS } from '/work/wt-ci/infra/local/showcase/diagrams';
import { launchChromium } from '/work/wt-ci/test/support/e2e-browser';
(async () => {
  const roma = Object.values(SHOWCASE_DIAGRAMS)[0][0].diagrama;
  const foto = Object.values(SHOWCASE_DIAGRAMS).flat().find((p) => p.diagrama.tipo === 'ciclo')!.diagrama;
  const md = `## La República en crisis\n\nTexto de la lección antes del diagrama.\n\n${diagramBlock(roma)}\n\nY otro:\n\n${diagramBlock(foto)}\n\nFin.`;
  const html = lessonPage({ curso: 'Historia de Roma', modulo: 'Módulo 1', titulo: 'La crisis de la República' }, md).replace(/<link rel="stylesheet"[^>]*>/, `<style>${SCO_CSS}</style>`).replace(/<script[^>]*src=[^>]*><\/script>/g, '');
  const b = await launchChromium();
  for (const w of [1280, 390]) {
    const p = await b.newPage({ viewport: { width: w, height: 900 } });
    await p.setContent(html);
    await p.screenshot({ path: `/tmp/sco-diagram-${w}.png`, fullPage: true });
  }
  await b.close();
})();
