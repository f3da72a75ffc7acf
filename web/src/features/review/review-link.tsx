import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { reviewApi } from './api';

/** The tutor's suggestion to review this course's due cards; nothing when none are due (no model call). */
export function ReviewLink({ courseId }: { courseId: string }) {
  const [due, setDue] = useState(0);
  useEffect(() => {
    let live = true;
    reviewApi.due(courseId).then((d) => live && setDue(d.pendientes), () => undefined);
    return () => {
      live = false;
    };
  }, [courseId]);
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
