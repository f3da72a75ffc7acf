import type { LtiToolUrls } from '../../../../lambdas/contract/lti';
import { notify } from '../../lib/notify';

// What the LMS administrator pastes into Moodle or Canvas when adding Mentora by hand (docs/lti.md
// "Registering Mentora in Moodle and Canvas"), each with the LMS's own field names and a copy button.

async function copy(label: string, value: string) {
  try {
    await navigator.clipboard.writeText(value);
    notify.success(`${label}: copiada`);
  } catch {
    notify.error(`No se pudo copiar. Cópiala a mano: ${value}`);
  }
}

export function ToolValues({ urls }: { urls: LtiToolUrls }) {
  const rows: [label: string, fields: string, value: string][] = [
    ['URL de inicio de sesión', 'Moodle: «Initiate login URL» · Canvas: «OpenID Connect Initiation Url»', urls.loginUrl],
    ['URL de redirección', 'Moodle: «Redirection URI(s)» · Canvas: «Redirect URIs»', urls.redirectUris.join('\n')],
    ['URL de lanzamiento', 'Destino del lanzamiento LTI (id_token)', urls.launchUrl],
    ['URL de claves públicas (JWKS)', 'Moodle: «Public keyset» · Canvas: «Public JWK URL»', urls.jwksUrl],
    ['URL de la herramienta y de Deep Linking', 'Moodle: «Tool URL» y «Content Selection URL» · Canvas: «Target Link URI»', urls.deepLinkingUrl],
  ];
  return (
    <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
      {rows.map(([label, fields, value]) => (
        <li key={label} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{label}</p>
            <p className="text-xs text-slate-600">{fields}</p>
            <p className="mt-1 whitespace-pre-line break-all font-mono text-sm text-slate-800">{value}</p>
          </div>
          <button type="button" onClick={() => void copy(label, value)} className="shrink-0 self-start rounded-lg px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 sm:self-center">
            Copiar<span className="sr-only"> {label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Dynamic Registration: the one URL Moodle's "Add LTI Advantage" takes. */
export function DynamicRegistration({ url }: { url: string }) {
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-xl bg-indigo-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="min-w-0 text-sm text-slate-800">
        <span className="font-semibold">Moodle con registro dinámico:</span> pega esta dirección en «Tool URL» y pulsa «Add LTI Advantage».
        <span className="mt-1 block break-all font-mono">{url}</span>
      </p>
      <button type="button" onClick={() => void copy('URL de registro dinámico', url)} className="shrink-0 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-100">
        Copiar<span className="sr-only"> URL de registro dinámico</span>
      </button>
    </div>
  );
}
