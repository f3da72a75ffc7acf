import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { FadedBadge, masteryApi, nextStepLink } from '../course';

/**
 * Issue 32 item 3: the dashboard's next step across courses, on the weakest objective the learner
 * model knows (GET /courses/next-step). Nothing before the learner has answered anything.
 */
export function NextStep() {
  // Under the courses root: a progress write or a graded attempt marks it stale like every course read.
  const { data } = useQuery({ queryKey: ['courses', 'next-step'], queryFn: masteryApi.nextStep, staleTime: 0 });
  const step = data?.siguiente;
  if (!step) return null;
  const link = nextStepLink(step);
  return (
    <section aria-labelledby="siguiente-paso" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="siguiente-paso" className="font-semibold text-slate-700">Tu siguiente paso</h2>
      <p className="mt-1 text-sm font-medium text-slate-600">En «{step.curso}»</p>
      {step.estado === 'por_repasar' && <p className="mt-2"><FadedBadge /></p>}
      <p className="mt-1 text-slate-900">{step.texto}</p>
      <Link to={link.to} className="mt-4 inline-flex rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">{link.label}</Link>
    </section>
  );
}
