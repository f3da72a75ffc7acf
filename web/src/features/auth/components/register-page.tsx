import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { PASSWORD_POLICY } from '../../../../../lambdas/contract/common';
import { errorMessage } from '../../../lib/error-message';
import { loadAuthSchemas, validate, type FieldErrors } from '../../../lib/validation';
import { useAuth } from '../../../app/providers/auth-provider';
import { ConfirmCodeForm } from './confirm-code-form';
import { takeReturnPath } from '../../../lib/return-path';

const PASSWORD_HINT = `Mínimo ${PASSWORD_POLICY.minLength} caracteres, con mayúsculas, minúsculas y números.`;

export default function RegisterPage() {
  const { register, isLoading, user, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // A registered learner who has not confirmed yet (even after a reload) is asked for the code.
  const [step, setStep] = useState<'form' | 'code'>(user && !isAuthenticated && !user.plan ? 'code' : 'form');

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const { registerRequest } = await loadAuthSchemas();
    const checked = validate(registerRequest, { nombre: form.get('nombre'), email: form.get('email'), password: form.get('password') });
    setErrors(checked.errors ?? {});
    setServerError(null);
    if (!checked.data) return;
    try {
      await register(checked.data);
      setStep('code');
    } catch (err) {
      // Said once, beside the form (issue 34: a toast repeating it showed the same error twice).
      setServerError(errorMessage(err, 'Error en el registro'));
    }
  }

  if (step === 'code' && user) {
    return <ConfirmCodeForm email={user.email} onConfirmed={() => void navigate(takeReturnPath(), { replace: true })} onBack={() => setStep('form')} />;
  }

  return (
    <>
      <title>Crear cuenta · Mentora</title>
      <h1 className="text-2xl font-bold text-slate-900">Crea tu cuenta</h1>
      <p className="mt-1 text-sm text-slate-600">Cursos a tu medida, generados con inteligencia artificial.</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={(e) => void onSubmit(e)} onFocus={() => void loadAuthSchemas()}>
        <FormField label="Nombre" name="nombre" autoComplete="name" error={errors.nombre} />
        <FormField label="Correo electrónico" name="email" type="email" autoComplete="email" inputMode="email" error={errors.email} />
        <FormField label="Contraseña" name="password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} error={errors.password} />
        {serverError && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{serverError}</p>}
        <Button type="submit" className="w-full" busy={isLoading}>Registrarse</Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        ¿Ya tienes cuenta?{' '}
        <Link to="/login" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">Inicia sesión</Link>
      </p>
    </>
  );
}
