// The public module of web/src/features/offline (issue 44): what the learner keeps on this device, the outbox
// of what they did without a connection (sent when it returns) and the courses downloaded for offline study.
// Anything not listed here is private to the room.
export { nextPlace, sendFailure, unanswered, type SendResult } from './outbox';
export type { OutboxEntry } from '../../lib/offline-store';
export { OutboxNotice } from './outbox-notice';
export { useOutbox } from './use-outbox';
export { keepSelfCheck } from './send-entry';
export { downloadedCourse, downloadedCourses, forgetDueCard, offlineDue, offlineSolution, type OfflineCourse } from './downloads';
export { useDownloadedCourses } from './use-downloads';
export { default as DownloadPanel } from './download-panel';
export { courseOrCopy, keepLessonCompleted, submitSelfCheck } from './offline-reads';
