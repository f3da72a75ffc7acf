import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/error-message';
import { loadAuthSchemas, validate, type FieldErrors } from '../../../lib/validation';
import { useAuth } from '../../../app/providers/auth-provider';
import { SocialButtons } from './social-buttons';
import { takeReturnPath } from '../../../lib/return-path';
import { PageLoader } from '../../../components/page-loader';

// The code step is for an account never confirmed, a rare answer: its chunk (the code form, about 1 KB gzip)
// loads when the server gives that answer, not with the page (issue 44 kept /login's first load from growing).
const LoginCodeStep = lazy(() => import('./login-code-step').then((m) => ({ default: m.LoginCodeStep })));

/** Cognito's UserNotConfirmedException, as POST /auth/login answers it. */
const notConfirmed = (err: unknown) => (err as { response?: { status?: number } } | null)?.response?.status === 403;

export default function LoginPage() {
  const { login, isLoading } = useAuth();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // Set when the account exists but was never confirmed: the code step replaces the form.
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; password: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const { loginRequest } = await loadAuthSchemas();
    const checked = validate(loginRequest, { email: form.get('email'), password: form.get('password') });
    setErrors(checked.errors ?? {});
    setServerError(null);
    if (!checked.data) return;
    try {
      await login(checked.data.email, checked.data.password);
      void navigate(takeReturnPath(), { replace: true });
    } catch (err) {
      if (notConfirmed(err)) {
        setUnconfirmed({ email: checked.data.email, password: checked.data.password });
        return;
      }
      // Said once, beside the form (issue 34: a toast repeating it showed the same error twice).
      setServerError(errorMessage(err, 'Error en el login'));
    }
  }

  if (unconfirmed) {
    return (
      <Suspense fallback={<PageLoader />}>
        <LoginCodeStep {...unconfirmed} onBack={() => setUnconfirmed(null)} />
      </Suspense>
    );
  }

  return (
    <>
      <title>Iniciar sesión · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900">Iniciar sesión</h1>
      <p className="mt-1 text-sm text-slate-600">Bienvenido de nuevo. Continúa donde lo dejaste.</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()}>
        <FormField label="Correo electrónico" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
        <FormField label="Contraseña" name="password" type="password" autoComplete="current-password" error={errors.password} />
        <p className="-mt-2 text-right text-sm">
          <Link to="/recuperar" className="font-medium text-indigo-700 underline-offset-4 hover:underline">¿Olvidaste tu contraseña?</Link>
        </p>
        {serverError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>
        )}
        <Button type="submit" className="w-full" busy={isLoading}>Iniciar sesión</Button>
      </form>
      <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-600">
        <span className="h-px flex-1 bg-slate-200" />o continúa con<span className="h-px flex-1 bg-slate-200" />
      </div>
      <SocialButtons />
      <p className="mt-6 text-center text-sm text-slate-600">
        ¿No tienes cuenta?{' '}
        <Link to="/register" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">Regístrate gratis</Link>
      </p>
    </>
  );
}
