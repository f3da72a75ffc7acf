import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { CourseSuggestion } from '../../../../lambdas/contract/courses';
import { Button } from '../../components/button';
import { STORAGE_KEYS } from '../../config/constants';
import { errorMessage } from '../../lib/error-message';
import { notify } from '../../lib/notify';
import { validate, type FieldErrors } from '../../lib/validation';
import { coursesChanged } from '../../lib/course-keys';
import { coursesApi, GenerationProgress, loadCourseSchemas, outlineReady, useJob } from '../course';
import { MaterialPicker } from '../materials';
import { AllowanceNote, QuotaNote } from '../plans';
import { CourseForm, type CourseFormValues } from './course-form';
import { FeaturedTopics } from './featured-topics';
import { SuggestionList } from './suggestion-list';

const EMPTY: CourseFormValues = { topic: '', level: 'principiante', objetivos: '', modulos: '' };
/** Smooth unless the learner asked the system for less motion. */
const scrollBehavior = (): ScrollBehavior => (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');
const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

function toPlan(v: CourseFormValues): Record<string, unknown> {
  const objetivos = lines(v.objetivos);
  return { topic: v.topic.trim(), level: v.level, ...(objetivos.length && { objetivos }), ...(v.modulos && { modulos: Number(v.modulos) }), ...(v.revisarTemario && { revisarTemario: true }) };
}

/** Topic and level → optional suggestions → plan → a live progress bar → the course. */
export function CourseGenerator() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  // Issue 24: the learner's materials the course is built from ("Crear un curso con este material" preselects one).
  const [search] = useSearchParams();
  const [materiales, setMateriales] = useState<string[]>(() => search.getAll('material').slice(0, 5));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState<'suggestions' | 'plan' | null>(null);
  const [suggestionsAsked, setSuggestionsAsked] = useState(0);
  const [suggestions, setSuggestions] = useState<CourseSuggestion[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [started, setStarted] = useState<{ courseId: string; jobId: string } | null>(null);
  const { job, lost } = useJob(started?.jobId);
  // Suggestions appear below the form and choosing one fills the form: each is brought into view (issue 34 item 5).
  const formRef = useRef<HTMLDivElement>(null);
  const suggestionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (suggestions?.length) suggestionsRef.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
  }, [suggestions]);

  // Land on the course as soon as its outline exists; lessons keep arriving there.
  useEffect(() => {
    if (started && job && outlineReady(job)) void navigate(`/course/${encodeURIComponent(started.courseId)}`);
  }, [job, started, navigate]);

  async function suggest() {
    const { suggestionsRequest } = await loadCourseSchemas();
    const checked = validate(suggestionsRequest, { topic: values.topic.trim(), level: values.level });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy('suggestions');
    try {
      const items = await coursesApi.suggestions(checked.data);
      setSuggestions(items);
      setChosen(null);
      if (!items.length) notify.error('No encontramos sugerencias para ese tema. Prueba con otro o crea el curso directamente.');
    } catch (err) {
      setErrors({ form: errorMessage(err, 'No pudimos generar sugerencias. Inténtalo de nuevo.') });
    } finally {
      setBusy(null);
      setSuggestionsAsked((n) => n + 1);
    }
  }

  function choose(s: CourseSuggestion) {
    setChosen(s.titulo);
    setErrors({});
    setValues((v) => ({ ...v, topic: s.titulo.slice(0, 120), level: s.nivel, objetivos: v.objetivos.trim() ? v.objetivos : s.aprenderas.slice(0, 8).map((a) => a.slice(0, 200)).join('\n') }));
    notify.success('Sugerencia elegida: revisa los datos y pulsa «Crear curso».');
    formRef.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
    formRef.current?.querySelector<HTMLInputElement>('input[name="topic"]')?.focus({ preventScroll: true });
  }

  async function create() {
    const { planRequest } = await loadCourseSchemas();
    const checked = validate(planRequest, { ...toPlan(values), ...(materiales.length && { materiales }) });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy('plan');
    try {
      const res = await coursesApi.plan(checked.data);
      if (!res.success || !res.curso?.courseId) throw new Error(res.message || 'No pudimos crear el curso.');
      localStorage.setItem(STORAGE_KEYS.cursoid, res.curso.courseId);
      // A new course: the dashboard's list is stale (read again on the next visit).
      void coursesChanged(client);
      setStarted({ courseId: res.curso.courseId, jobId: res.jobId });
    } catch (err) {
      setErrors({ form: errorMessage(err, 'No pudimos crear el curso. Inténtalo de nuevo.') });
    } finally {
      setBusy(null);
    }
  }

  async function retry() {
    if (!started) return;
    try {
      const res = await coursesApi.retry(started.courseId);
      setStarted({ courseId: res.curso.courseId, jobId: res.jobId });
    } catch (err) {
      notify.error(errorMessage(err, 'No pudimos reintentar la generación.'));
    }
  }

  if (started) {
    const failed = job?.status === 'error' ? job.error || 'La generación del curso falló.' : lost;
    return (
      <div>
        <GenerationProgress job={job} />
        {failed && (
          <div role="alert" className="mt-4 rounded-2xl bg-red-50 p-5 text-red-900">
            <p className="font-semibold">No pudimos terminar tu curso</p>
            <p className="mt-1 text-sm">{failed}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              {job?.status === 'error' && <Button type="button" onClick={() => void retry()}>Reintentar</Button>}
              <Button type="button" variant="secondary" onClick={() => setStarted(null)}>Cambiar el tema</Button>
            </div>
            {job?.status === 'error' && <AllowanceNote name="reintentos" className="mt-3" />}
          </div>
        )}
      </div>
    );
  }

  return (
    <div>
      <QuotaNote />
      <section aria-label="Crear desde tus materiales" className="mb-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <MaterialPicker selected={materiales} onChange={setMateriales} error={errors.materiales} />
      </section>
      <FeaturedTopics onChoose={(t) => setValues({ ...values, topic: t.tema, level: t.nivel })} />
      <div ref={formRef}>
        <CourseForm values={values} errors={errors} busy={busy} onChange={setValues} onSuggest={() => void suggest()} onCreate={() => void create()} suggestionsAsked={suggestionsAsked} />
      </div>
      {suggestions && suggestions.length > 0 && (
        <div ref={suggestionsRef}>
          <SuggestionList items={suggestions} chosen={chosen} onChoose={choose} />
        </div>
      )}
    </div>
  );
}
