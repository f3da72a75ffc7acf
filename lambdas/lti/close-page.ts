import { createHash } from 'node:crypto';
import { escapeHtml as escape, frameAncestorsDirective, ltiPage } from './page-shell';

// The page of Dynamic Registration's window (LTI Dynamic Registration 1.0 §3.6.2, docs/lti.md "Dynamic
// Registration"): once Mentora is registered, it tells the LMS to close its registration window or dialog with the
// `org.imsglobal.lti.close` postMessage (to the opener, or the frame's parent; any origin: it carries nothing).
// The LMS often shows it in an iframe, so only the platform may frame it (its issuer's and configuration's
// origins). A refusal is a page too, in Spanish, without the message: the administrator reads it and closes.

const CLOSE = `(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');`;
const CLOSE_HASH = `'sha256-${createHash('sha256').update(CLOSE, 'utf8').digest('base64')}'`;

export const closePolicy = (frameAncestors: readonly string[]) =>
  ["default-src 'none'", `script-src ${CLOSE_HASH}`, "style-src 'unsafe-inline'", "base-uri 'none'", "form-action 'none'", frameAncestorsDirective(frameAncestors)].join('; ');

const page = (body: string, script: boolean) => ltiPage(body, { title: 'Registro de Mentora', ...(script && { after: `<script>${CLOSE}</script>\n` }) });

export const closePage = (message: string) => page(`<h1>Mentora registrada</h1>\n<p role="status">${escape(message)}</p>`, true);
export const registrationRefusalPage = (message: string) => page(`<h1>No se registró Mentora</h1>\n<p class="error" role="alert">${escape(message)}</p>`, false);

/** Who may frame it: the platform's origins as the registration window named them (its configuration URL, its issuer). */
export function registrationOrigins(...urls: (string | undefined)[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    try {
      const origin = url ? new URL(url).origin : 'null';
      if (origin !== 'null' && !origins.includes(origin)) origins.push(origin);
    } catch {
      // Not an address: frames nothing.
    }
  }
  return origins;
}
