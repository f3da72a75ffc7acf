/** Codes "sent" by the local user pool (confirmation, password, the taken-address notice), for a person (HTML) or a test (JSON). */
export interface Mail {
  to: string;
  code: string;
  subject: string;
  /** The text of a message without a code (the contact form's, for the operators). */
  body?: string;
  sentAt: string;
}

export function createMailbox(onMail?: (mail: Mail) => void) {
  const mails: Mail[] = [];
  return {
    add(mail: Mail) {
      mails.unshift(mail);
      if (mails.length > 200) mails.pop();
      onMail?.(mail);
    },
    /** Newest first. */
    list: (to?: string) => (to ? mails.filter((m) => m.to === to.toLowerCase()) : [...mails]),
  };
}
export type Mailbox = ReturnType<typeof createMailbox>;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function mailboxHtml(mails: Mail[]): string {
  const rows = mails
    .map((m) => `<tr><td>${escape(m.to)}</td><td>${escape(m.subject)}</td><td>${m.body ? `<pre style="white-space:pre-wrap;margin:0;font:inherit">${escape(m.body)}</pre>` : `<code>${escape(m.code)}</code>`}</td><td>${escape(new Date(m.sentAt).toLocaleString('es-ES'))}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Buzón local · Mentora</title><style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#1e1b4b}
table{width:100%;border-collapse:collapse}td,th{padding:.5rem;border-bottom:1px solid #e5e7eb;text-align:left}code{font-size:1.25rem;letter-spacing:.15em}</style></head>
<body><h1>Buzón local</h1><p>Códigos de verificación y mensajes a los operadores enviados por el entorno local (solo en modo local).</p>
${mails.length ? `<table><thead><tr><th>Para</th><th>Asunto</th><th>Código o mensaje</th><th>Enviado</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>Todavía no se ha enviado ningún código.</p>'}
<script>setTimeout(()=>location.reload(),5000)</script></body></html>`;
}
