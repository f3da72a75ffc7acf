// SPEC §9: spinner sizes sm, md, lg and colours blue, white, gray.

export type SpinnerSize = 'sm' | 'md' | 'lg';
export type SpinnerColor = 'blue' | 'white' | 'gray';

const SIZES: Record<SpinnerSize, string> = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' };
const COLORS: Record<SpinnerColor, string> = {
  blue: 'border-indigo-200 border-t-indigo-600',
  white: 'border-white/40 border-t-white',
  gray: 'border-slate-200 border-t-slate-500',
};

export function Spinner({ size = 'md', color = 'blue', label }: { size?: SpinnerSize; color?: SpinnerColor; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-size={size}
      data-color={color}
      className={`inline-block shrink-0 animate-spin rounded-full ${SIZES[size]} ${COLORS[color]}`}
    />
  );
}
