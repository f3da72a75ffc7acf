import { useSearchParams } from 'react-router-dom';

// Issue 43 item 3: the course page shows the course as a list (the outline beside the lesson) or as
// a map (course-map.tsx). The address says which (`?vista=mapa`, so the browser's Back returns to the
// map), and the last choice is remembered per course for an address that names no lesson: a learner
// who studies from the map finds it again. An address that names a lesson or an evaluation is the list.

export type CourseView = 'lista' | 'mapa';

const key = (courseId: string) => `mentora.vista-curso.${courseId}`;

function remembered(courseId: string): CourseView {
  try {
    return globalThis.localStorage?.getItem(key(courseId)) === 'mapa' ? 'mapa' : 'lista';
  } catch {
    return 'lista'; // storage refused (a private window): the list, as before
  }
}

function remember(courseId: string, view: CourseView) {
  try {
    globalThis.localStorage?.setItem(key(courseId), view);
  } catch {
    // Not remembered: the choice still holds for this address.
  }
}

export function useCourseView(courseId: string): [CourseView, (view: CourseView) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('vista');
  const view: CourseView =
    asked === 'mapa' ? 'mapa' : asked === 'lista' || params.has('leccion') || params.has('evaluacion') ? 'lista' : remembered(courseId);
  const choose = (next: CourseView) => {
    remember(courseId, next);
    // The lesson named stays in the address: "Ver como lista" returns to it.
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (next === 'mapa') n.set('vista', 'mapa');
      else n.delete('vista');
      return n;
    });
  };
  return [view, choose];
}
