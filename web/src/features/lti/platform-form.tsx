import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { formText, validate, type FieldErrors } from '../../lib/validation';
import { ltiApi } from './api';

// A platform's values, as its LMS shows them once Mentora is added (Moodle's "View configuration details",
// Canvas's developer key and its install): checked against the contract's schema, then POST /lti/plataformas.

export const platformKeys = { all: ['lti-plataformas'] as const };

/** One deployment id per line (or separated by commas): Canvas makes one per install. */
export const deploymentsOf = (text: string) => text.split(/[\n,]/).map((d) => d.trim()).filter(Boolean);

export function PlatformForm() {
  const client = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const register = useMutation({
    mutationFn: ltiApi.registerPlatform,
    onSuccess: (res, _vars) => {
      notify.success(res.message ?? 'Plataforma LTI registrada.');
      void client.invalidateQueries({ queryKey: platformKeys.all });
    },
    onError: (err) => setErrors({ form: errorMessage(err, 'No pudimos registrar la plataforma. Inténtalo de nuevo.') }),
  });
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const target = e.currentTarget;
    const token = formText(form, 'tokenUrl').trim();
    const values = {
      issuer: formText(form, 'issuer'), clientId: formText(form, 'clientId'), authUrl: formText(form, 'authUrl'),
      jwksUrl: formText(form, 'jwksUrl'), ...(token && { tokenUrl: token }), deployments: deploymentsOf(formText(form, 'deployments')),
    };
    const { ltiPlatformRequest } = await import('../../../../lambdas/contract/lti');
    const checked = validate(ltiPlatformRequest, values);
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    register.mutate(checked.data, { onSuccess: () => target.reset() });
  }
  const field = 'mt-3';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="registrar-plataforma" className="mt-2">
      <FormField className={field} name="issuer" label="Emisor (issuer)" error={errors.issuer} hint="Moodle: «Platform ID» · Canvas Cloud: https://canvas.instructure.com" placeholder="https://moodle.tuescuela.edu" inputMode="url" />
      <FormField className={field} name="clientId" label="Client ID" error={errors.clientId} hint="El identificador que tu plataforma dio a Mentora (Canvas: el número de la clave de desarrollador)" autoComplete="off" />
      <FormField className={field} name="authUrl" label="URL de autenticación" error={errors.authUrl} hint="Moodle: «Authentication request URL» · Canvas: https://sso.canvaslms.com/api/lti/authorize_redirect" inputMode="url" />
      <FormField className={field} name="tokenUrl" label="URL de tokens (opcional, para enviar notas)" error={errors.tokenUrl} hint="Moodle: «Access token URL» · Canvas: https://sso.canvaslms.com/login/oauth2/token" inputMode="url" />
      <FormField className={field} name="jwksUrl" label="URL de claves públicas de la plataforma (JWKS)" error={errors.jwksUrl} hint="Moodle: «Public keyset URL» · Canvas: https://sso.canvaslms.com/api/lti/security/jwks" inputMode="url" />
      <div className={field}>
        <label htmlFor="deployments" className="mb-1 block text-sm font-medium text-slate-800">Deployment ID</label>
        <textarea
          id="deployments" name="deployments" rows={2} aria-invalid={errors.deployments ? true : undefined} aria-describedby={errors.deployments ? 'deployments-error' : 'deployments-hint'}
          className={`block w-full rounded-lg border bg-white px-3 py-2.5 font-mono text-slate-900 ${errors.deployments ? 'border-red-600' : 'border-slate-300'}`}
        />
        {errors.deployments
          ? <p id="deployments-error" className="mt-1 text-sm text-red-700">{errors.deployments}</p>
          : <p id="deployments-hint" className="mt-1 text-xs text-slate-600">Uno por línea. Moodle: «Deployment ID» · Canvas: el «Deployment Id» de la app instalada</p>}
      </div>
      {errors.form && <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-800">{errors.form}</p>}
      <Button type="submit" className="mt-4" busy={register.isPending}>Registrar plataforma</Button>
    </form>
  );
}
