import type { Page } from 'playwright-core';

// An evaluation is taken one question at a time, then reviewed before it is sent (issue 34 item 3).
// Shared by the browser tests that take one.

export interface ShownQuestion {
  number: number;
  stem: string;
  opciones: { opcion: string; texto: string }[];
}

/**
 * Answers the attempt on screen question by question: `pick` returns the option letter for each one
 * (undefined leaves it blank). Ends on the review step, before "Enviar respuestas". Returns the stems.
 */
export async function answerEvaluation(page: Page, pick: (q: ShownQuestion) => string | undefined): Promise<string[]> {
  const stems: string[] = [];
  await page.locator('#evaluacion-paso').waitFor({ timeout: 60_000 });
  for (let n = 1; ; n++) {
    // One round trip per question (20 per attempt on a busy machine): wait for it and read it at once.
    const shown = await page.waitForFunction((at) => {
      const step = document.getElementById('evaluacion-paso')?.textContent ?? '';
      if (!step.startsWith(`Pregunta ${at} de `)) return null;
      const group = document.querySelector('form fieldset');
      return {
        total: Number(/de (\d+)/.exec(step)?.[1]),
        stem: (group?.querySelector('legend')?.textContent ?? '').replace(/^\d+\.\s*/, ''),
        opciones: [...(group?.querySelectorAll('label') ?? [])].map((l) => ({ opcion: (l.textContent ?? '').trim().slice(0, 1), texto: (l.textContent ?? '').trim().slice(3) })),
      };
    }, n);
    const { total, stem, opciones } = (await shown.jsonValue())!;
    stems.push(stem);
    const letter = pick({ number: n, stem, opciones });
    if (letter) await page.locator(`form fieldset input[type="radio"][value="${letter}"]`).check();
    if (n === total) break;
    await page.getByRole('button', { name: 'Siguiente' }).click();
  }
  await page.getByRole('button', { name: 'Revisar respuestas' }).click();
  await page.getByRole('heading', { name: 'Revisa tus respuestas antes de enviar' }).waitFor();
  return stems;
}
