// The public module of web/src/features/tutor: the panel the course page shows beside a lesson (loaded lazily there).
export { TutorPanel } from './tutor-panel';
