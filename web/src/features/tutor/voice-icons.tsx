// Small line icons for the tutor's voice buttons: SVG, since phones and headless browsers without an
// emoji font draw 🎤/🔊 as empty boxes. Decorative: each button has its own Spanish name.

const frame = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export function SpeakerIcon() {
  return (
    <svg {...frame} width={16} height={16}>
      <path d="M11 5 6 9H3v6h3l5 4z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
    </svg>
  );
}

export function MicrophoneIcon() {
  return (
    <svg {...frame}>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v4M8 22h8" />
    </svg>
  );
}
