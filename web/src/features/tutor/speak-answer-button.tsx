import { Spinner } from '../../components/spinner';
import type { SpokenPhase } from './use-spoken-answer';
import { SpeakerIcon } from './voice-icons';

interface Props {
  /** This answer's state in the panel's player; undefined while another answer (or none) plays. */
  phase?: SpokenPhase;
  error?: string;
  onToggle: () => void;
}

const LABEL: Record<SpokenPhase | 'quieto', string> = {
  quieto: 'Escuchar respuesta',
  cargando: 'Preparando el audio…',
  sonando: 'Detener',
};

/**
 * "Escuchar respuesta" under a finished tutor answer. The same button stops it (while the audio is
 * prepared too). Its name says what a press does now ("Detener la respuesta" while it sounds) rather
 * than `aria-pressed`, which with a changing name would read "Detener, pressed". A refusal (minutes of
 * the plan used up, an answer the server no longer has) is the server's Spanish message, inline.
 */
export function SpeakAnswerButton({ phase, error, onToggle }: Props) {
  const label = LABEL[phase ?? 'quieto'];
  return (
    <div className="mt-2">
      <button type="button" onClick={onToggle} data-phase={phase} aria-busy={phase === 'cargando' || undefined}
        aria-label={phase === 'sonando' ? 'Detener la respuesta' : undefined}
        className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-semibold text-indigo-800 hover:bg-indigo-100 data-[phase=sonando]:bg-indigo-600 data-[phase=sonando]:text-white data-[phase=sonando]:hover:bg-indigo-700">
        {phase === 'cargando' ? <Spinner size="sm" color="blue" /> : phase === 'sonando' ? <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-current" /> : <SpeakerIcon />}
        {label}
      </button>
      {error && <p role="alert" className="mt-1 text-sm text-red-800">{error}</p>}
    </div>
  );
}
