// Line icons for finishing (a course's trophy, a module's medal): SVG, since phones and headless
// browsers without an emoji font draw 🏆/🎉 as empty boxes (as the tutor's voice-icons.tsx). Decorative:
// the text beside each one says what was achieved. Shapes after Lucide's "trophy" and "award" (ISC).

const frame = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export function TrophyIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...frame} className={className}>
      <path d="M6 9H4.5a2.5 2.5 0 0 1 0-5H6M18 9h1.5a2.5 2.5 0 0 0 0-5H18M4 22h16" />
      <path d="M10 14.66V17c0 .55-.47.98-.97 1.21C7.85 18.75 7 20.24 7 22M14 14.66V17c0 .55.47.98.97 1.21C16.15 18.75 17 20.24 17 22" />
      <path d="M18 2H6v7a6 6 0 0 0 12 0V2Z" />
    </svg>
  );
}

export function MedalIcon({ className = 'h-4 w-4' }: { className?: string }) {
  return (
    <svg {...frame} className={className}>
      <circle cx="12" cy="8" r="6" />
      <path d="M15.477 12.89 17 22l-5-3-5 3 1.523-9.11" />
    </svg>
  );
}
