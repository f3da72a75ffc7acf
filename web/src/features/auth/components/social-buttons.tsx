import { notify } from '../../../lib/notify';
import { useState } from 'react';
import type { SocialProvider } from '../social-sign-in';

const ICONS: Record<SocialProvider, React.ReactNode> = {
  Google: (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path fill="#4285F4" d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z" />
      <path fill="#34A853" d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  ),
  Microsoft: (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      <path fill="#F25022" d="M1 1h10.5v10.5H1z" />
      <path fill="#7FBA00" d="M12.5 1H23v10.5H12.5z" />
      <path fill="#00A4EF" d="M1 12.5h10.5V23H1z" />
      <path fill="#FFB900" d="M12.5 12.5H23V23H12.5z" />
    </svg>
  ),
};

/** Google and Microsoft through the Hosted UI; Amplify is loaded only on click. */
export function SocialButtons() {
  const [busy, setBusy] = useState<SocialProvider | null>(null);

  async function start(provider: SocialProvider) {
    setBusy(provider);
    try {
      const { startSocialSignIn } = await import('../social-sign-in');
      await startSocialSignIn(provider);
    } catch (e) {
      notify.error(e instanceof Error && e.message ? e.message : 'Error al iniciar sesión');
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-3">
      {(['Google', 'Microsoft'] as const).map((p) => (
        <button
          key={p}
          type="button"
          onClick={() => void start(p)}
          disabled={busy !== null}
          aria-busy={busy === p || undefined}
          className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {ICONS[p]}
          <span>Continuar con {p}</span>
        </button>
      ))}
    </div>
  );
}
