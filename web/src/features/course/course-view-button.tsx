/**
 * "Ver como mapa" (issue 43 item 3): beside the outline, on a phone in its folded row. The map itself
 * offers "Ver como lista" (course-map.tsx). A small map icon and the words; hidden on paper.
 */
export function CourseViewButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      id="ver-como-mapa"
      type="button"
      onClick={onClick}
      className="flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50 lg:w-full lg:justify-center print:hidden"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6">
        <rect x="2" y="3" width="6" height="4" rx="1" />
        <rect x="12" y="8" width="6" height="4" rx="1" />
        <rect x="12" y="14" width="6" height="4" rx="1" />
        <path d="M5 7v9h7M5 10h7" />
      </svg>
      Ver como mapa
    </button>
  );
}
