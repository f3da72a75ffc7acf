import { useEffect } from 'react';

// The lock screen's and the headset's controls (Media Session API): title, artist and album, and
// play, pause and (where the audio can jump) ±15 s. With a plain <audio> element this is what keeps a
// lesson or a tutor answer playing and controllable on a phone with the screen locked (narration
// player, tutor's spoken answers). Browsers without the API just lack those controls.

export interface SessionInfo {
  title: string;
  album?: string;
}
/** Stable callbacks (useCallback): the handlers are registered again whenever one changes. */
export interface SessionActions {
  play: () => void;
  pause: () => void;
  /** Without it the lock screen offers no ±15 s. */
  skip?: (seconds: number) => void;
}

const ACTIONS = ['play', 'pause', 'seekbackward', 'seekforward'] as const;

export function useMediaSession(active: boolean, info: SessionInfo, actions: SessionActions, playing: boolean) {
  const { title, album } = info;
  const { play, pause, skip } = actions;
  useEffect(() => {
    if (!active || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    if (typeof MediaMetadata !== 'undefined') session.metadata = new MediaMetadata({ title, artist: 'Mentora', album });
    const handlers: Record<(typeof ACTIONS)[number], MediaSessionActionHandler | null> = {
      play: () => play(),
      pause: () => pause(),
      seekbackward: skip ? (d) => skip(-(d.seekOffset ?? 15)) : null,
      seekforward: skip ? (d) => skip(d.seekOffset ?? 15) : null,
    };
    for (const action of ACTIONS) {
      try {
        session.setActionHandler(action, handlers[action]);
      } catch {
        // An action this browser does not know: the others still work.
      }
    }
    return () => {
      session.metadata = null;
      for (const action of ACTIONS) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [active, title, album, play, pause, skip]);

  useEffect(() => {
    if (active && 'mediaSession' in navigator) navigator.mediaSession.playbackState = playing ? 'playing' : 'paused';
  }, [active, playing]);
}
