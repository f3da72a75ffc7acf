import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { ResendCodeButton } from './resend-code-button';

/**
 * The one screen that asks for the 6-digit emailed code: registration's confirmation, the code step
 * of /login and password recovery. Title and intro say which; `children` are fields after the code
 * (recovery's new password); the resend button keeps its cooldown countdown.
 */
export function CodeEntry(props: {
  title: string;
  /** The browser tab's title when it is shorter than the heading. */
  tabTitle?: string;
  intro: ReactNode;
  codeLabel?: string;
  codeError?: string;
  /** A message for the whole form (announced), when the server's answer is not about the code alone. */
  alert?: string | null;
  children?: ReactNode;
  submitLabel: string;
  busy: boolean;
  onSubmit: (form: FormData) => void | Promise<void>;
  resend: () => Promise<string | undefined>;
  /** True when a code was sent a moment ago, so asking again waits. */
  coolingAtStart?: boolean;
  backLabel: string;
  onBack: () => void;
}) {
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void props.onSubmit(new FormData(e.currentTarget));
  }

  return (
    <>
      <title>{`${props.tabTitle ?? props.title} · Mentora`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{props.title}</h1>
      <p className="mt-1 text-sm text-slate-600">{props.intro}</p>
      <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
        <FormField
          label={props.codeLabel ?? 'Código de confirmación'}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={props.codeError}
        />
        {props.children}
        {props.alert && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{props.alert}</p>}
        <Button type="submit" className="w-full" busy={props.busy}>{props.submitLabel}</Button>
      </form>
      <div className="mt-3">
        <ResendCodeButton send={props.resend} coolingAtStart={props.coolingAtStart} />
      </div>
      <button type="button" onClick={props.onBack} className="mt-1 w-full text-center text-sm font-medium text-indigo-700 hover:underline">
        {props.backLabel}
      </button>
    </>
  );
}
