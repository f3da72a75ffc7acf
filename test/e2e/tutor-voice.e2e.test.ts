import { axeViolations, seriousOnly, WCAG_21_AA } from '../support/axe';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BASE, describeE2E, launch, learnerWithCourse, newPage, signIn } from './helpers';

// Issue 26, the tutor that speaks and listens, in Chromium against the local stack (its Polly
// stand-in speaks with espeak-ng): a learner asks the tutor, presses "Escuchar respuesta", and the
// panel's <audio> plays a presigned MP3 of that answer; with a scripted SpeechRecognition (the real one
// would send the audio to Google, which this machine cannot reach) the microphone writes the dictated
// question into the input; a browser without the API shows no microphone. Desktop and phone; axe
// clean. MENTORA_SHOTS_DIR=<dir> also saves the panel with its buttons.

const SHOTS = process.env.MENTORA_SHOTS_DIR;
const DICTATED = '¿Qué es una estrella enana?';

/** A stand-in of the Web Speech API that "hears" DICTATED in two steps, then a silence. */
function fakeRecognition(text: string) {
  class FakeRecognition {
    lang = '';
    interimResults = false;
    continuous = true;
    maxAlternatives = 1;
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      (window as unknown as { dictationLang: string }).dictationLang = this.lang;
      const half = text.slice(0, 12);
      setTimeout(() => this.onresult?.({ resultIndex: 0, results: [{ isFinal: false, 0: { transcript: half } }] }), 200);
      setTimeout(() => this.onresult?.({ resultIndex: 0, results: [{ isFinal: true, 0: { transcript: text } }] }), 500);
      setTimeout(() => this.onend?.(), 700);
    }

    stop() {
      this.onend?.();
    }

    abort() {
      this.onend?.();
    }
  }
  Object.assign(window, { SpeechRecognition: FakeRecognition, webkitSpeechRecognition: FakeRecognition });
}

/** A browser without speech recognition (Firefox): Debian's Chromium has it, so it is taken away. */
function noRecognition() {
  for (const name of ['SpeechRecognition', 'webkitSpeechRecognition']) delete (window as unknown as Record<string, unknown>)[name];
}

async function violationsIn(page: Page, selector: string) {
  return seriousOnly(await axeViolations(page, WCAG_21_AA, selector));
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`) });
}

async function openTutor(page: Page, courseId: string) {
  await page.goto(`${BASE}/course/${courseId}?modulo=m01&leccion=l02`);
  await page.getByRole('button', { name: /Preguntar al tutor/ }).click();
  const panel = page.getByRole('dialog', { name: 'Tutor IA' });
  await panel.getByText(/Te quedan \d+ de 20 mensajes hoy/).waitFor();
  return panel;
}

describeE2E('the tutor that speaks and listens (issue 26)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it.each([
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ])('plays an answer in the learner\'s voice and takes a dictated question (%s)', async (_, width, height) => {
    const { learner, courseId } = await learnerWithCourse();
    const { context, page } = await newPage(browser, width, height);
    await context.addInitScript(fakeRecognition, DICTATED);
    try {
      await signIn(page, learner);
      const panel = await openTutor(page, courseId);
      const input = panel.getByLabel('Tu pregunta para el tutor');
      await input.fill('¿Me das un ejemplo de la idea principal de esta lección?');
      await input.press('Enter');
      const answer = panel.getByRole('list', { name: 'Conversación con el tutor' }).locator('li').filter({ hasText: 'Buena pregunta' });
      await answer.waitFor({ timeout: 30_000 });

      // Heard: the server synthesizes the answer and the one <audio> plays its presigned MP3.
      await answer.getByRole('button', { name: 'Escuchar respuesta' }).click();
      await answer.getByRole('button', { name: 'Detener la respuesta' }).or(answer.getByRole('alert')).first().waitFor({ timeout: 30_000 });
      if (await answer.getByRole('alert').isVisible()) throw new Error(`Playing the answer failed: ${await answer.getByRole('alert').textContent()}`);
      const audio = page.locator('[role="dialog"] audio');
      expect(await audio.count()).toBe(1);
      await page.waitForFunction(() => {
        const a = document.querySelector<HTMLAudioElement>('[role="dialog"] audio');
        return Boolean(a && !a.paused && a.currentTime > 0);
      }, undefined, { timeout: 15_000 });
      const src = await audio.evaluate((a: HTMLAudioElement) => a.currentSrc);
      const mp3 = await fetch(src);
      expect(mp3.status).toBe(200);
      expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
      const bytes = new Uint8Array(await mp3.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(10_000); // seconds of speech, not an empty file
      expect(bytes[0] === 0xff || String.fromCharCode(...bytes.slice(0, 3)) === 'ID3').toBe(true); // an MPEG frame or its tag
      expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Respuesta del tutor');
      await shot(page, 'tutor-voice');

      // Dictated: the microphone writes what the (scripted) recognition hears, in the voice's Spanish.
      const mic = panel.getByRole('button', { name: 'Dictar la pregunta' });
      await panel.getByText(/El dictado lo hace tu navegador/).waitFor();
      await mic.click();
      await page.waitForFunction((text) => document.querySelector<HTMLTextAreaElement>('[role="dialog"] textarea')?.value === text, DICTATED, { timeout: 5_000 });
      expect(await page.evaluate(() => (window as unknown as { dictationLang: string }).dictationLang)).toBe('es-ES');
      await panel.getByRole('button', { name: 'Dictar la pregunta' }).waitFor(); // listening ended with the silence
      expect(await violationsIn(page, '[role="dialog"]')).toEqual([]);
      await shot(page, 'tutor-voice-dictated');

      // Stopped by its own button.
      await answer.getByRole('button', { name: 'Detener la respuesta' }).click();
      await answer.getByRole('button', { name: 'Escuchar respuesta' }).waitFor();
      expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
      await shot(page, 'tutor-voice-stopped');
    } finally {
      await context.close();
    }
  });

  it('a browser without speech recognition shows no microphone', async () => {
    const { learner, courseId } = await learnerWithCourse();
    const { context, page } = await newPage(browser, 390, 844);
    await context.addInitScript(noRecognition);
    try {
      await signIn(page, learner);
      const panel = await openTutor(page, courseId);
      await panel.getByLabel('Tu pregunta para el tutor').waitFor();
      expect(await panel.getByRole('button', { name: 'Dictar la pregunta' }).count()).toBe(0);
      expect(await panel.getByText(/El dictado lo hace tu navegador/).count()).toBe(0);
      expect(await violationsIn(page, '[role="dialog"]')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
