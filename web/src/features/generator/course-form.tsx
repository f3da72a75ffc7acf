import { useId, type FormEvent } from 'react';
import type { Level } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-field';
import type { FieldErrors } from '../../lib/validation';
import { AllowanceNote } from '../plans';
import { ReviewOutlineSwitch } from './review-outline-switch';

export const LEVEL_OPTIONS = [
  { value: 'principiante', label: 'Principiante' },
  { value: 'intermedio', label: 'Intermedio' },
  { value: 'avanzado', label: 'Avanzado' },
] as const satisfies readonly { value: Level; label: string }[];

/** A level as the learner reads it ("Intermedio"). */
export const levelLabel = (nivel: string) => LEVEL_OPTIONS.find((o) => o.value === nivel)?.label ?? nivel;

/** Mirrors COURSE_SHAPE in the contract (a web test keeps them equal). */
export const MODULE_CHOICES = [2, 3, 4, 5, 6, 7, 8];
export const DEFAULT_MODULES = 5;

export interface CourseFormValues {
  topic: string;
  level: Level;
  objetivos: string;
  /** '' = the usual course size. */
  modulos: string;
  /** Stop after the outline so the learner edits it (issue 15). */
  revisarTemario?: boolean;
}

interface Props {
  values: CourseFormValues;
  errors: FieldErrors;
  busy: 'suggestions' | 'plan' | null;
  onChange: (values: CourseFormValues) => void;
  onSuggest: () => void;
  onCreate: () => void;
  /** Changes after each request for suggestions, so the allowance left is read again. */
  suggestionsAsked?: number;
}

export function CourseForm({ values, errors, busy, onChange, onSuggest, onCreate, suggestionsAsked = 0 }: Props) {
  const ids = { objetivos: useId(), modulos: useId(), level: useId() };
  const set = (patch: Partial<CourseFormValues>) => onChange({ ...values, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onCreate();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <FormField
        label="¿Qué quieres aprender?"
        name="topic"
        value={values.topic}
        onChange={(e) => set({ topic: e.target.value })}
        placeholder="Por ejemplo: Python para análisis de datos"
        maxLength={120}
        error={errors.topic}
        autoComplete="off"
      />
      <fieldset aria-describedby={errors.level ? `${ids.level}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">Nivel</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {LEVEL_OPTIONS.map((o) => (
            <label
              key={o.value}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-indigo-600 ${
                values.level === o.value ? 'border-indigo-600 bg-indigo-50 text-indigo-900' : 'border-slate-300 text-slate-800 hover:bg-slate-50'
              }`}
            >
              <input type="radio" name="level" value={o.value} checked={values.level === o.value} onChange={() => set({ level: o.value })} className="accent-indigo-600" />
              {o.label}
            </label>
          ))}
        </div>
        {errors.level && <p id={`${ids.level}-error`} className="mt-1 text-sm text-red-700">{errors.level}</p>}
      </fieldset>
      <div>
        <label htmlFor={ids.objetivos} className="mb-1 block text-sm font-medium text-slate-800">
          Objetivos <span className="font-normal text-slate-600">(opcional, uno por línea)</span>
        </label>
        <textarea
          id={ids.objetivos}
          name="objetivos"
          rows={3}
          value={values.objetivos}
          onChange={(e) => set({ objetivos: e.target.value })}
          placeholder={'Entender los fundamentos\nHacer un proyecto práctico'}
          aria-invalid={errors.objetivos ? true : undefined}
          aria-describedby={errors.objetivos ? `${ids.objetivos}-error` : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-indigo-600"
        />
        {errors.objetivos && <p id={`${ids.objetivos}-error`} className="mt-1 text-sm text-red-700">{errors.objetivos}</p>}
      </div>
      <div>
        <label htmlFor={ids.modulos} className="mb-1 block text-sm font-medium text-slate-800">Número de módulos</label>
        <select
          id={ids.modulos}
          name="modulos"
          value={values.modulos}
          onChange={(e) => set({ modulos: e.target.value })}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-indigo-600 sm:w-64"
        >
          <option value="">Automático ({DEFAULT_MODULES} módulos)</option>
          {MODULE_CHOICES.map((n) => <option key={n} value={String(n)}>{n} módulos</option>)}
        </select>
        {errors.modulos && <p className="mt-1 text-sm text-red-700">{errors.modulos}</p>}
      </div>
      <ReviewOutlineSwitch checked={!!values.revisarTemario} onChange={(revisarTemario) => set({ revisarTemario })} />
      {errors.form && <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">{errors.form}</p>}
      <AllowanceNote name="sugerencias" refresh={suggestionsAsked} className="sm:text-right" />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" busy={busy === 'suggestions'} disabled={busy !== null} onClick={onSuggest}>Ver sugerencias</Button>
        <Button type="submit" busy={busy === 'plan'} disabled={busy !== null}>Crear curso</Button>
      </div>
    </form>
  );
}
