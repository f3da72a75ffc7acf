import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { reviewApi } from './api';
import { reviewKeys } from './query-keys';

/** The tutor's suggestion to review this course's due cards; nothing when none are due (no model call). */
export function ReviewLink({ courseId }: { courseId: string }) {
  // The same cached page the review session reads: rating cards there changes this count here.
  const { data } = useQuery({ queryKey: reviewKeys.due(courseId), queryFn: () => reviewApi.due(courseId), staleTime: 0 });
  const due = data?.pendientes ?? 0;
  if (!due) return null;
  return (
    <p className="mb-4 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      Tienes preguntas de este curso listas para repasar.{' '}
      <Link to={`/repaso?curso=${encodeURIComponent(courseId)}`} className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-700">
        Repasar {due} {due === 1 ? 'pregunta' : 'preguntas'}
      </Link>
    </p>
  );
}
