// The public module of web/src/features/offline (issue 44): the outbox of what the learner did without a
// connection, kept per learner and sent when it returns. Anything not listed here is private to the room.
export { nextPlace, sendFailure, unanswered, type SendResult } from './outbox';
export type { OutboxEntry } from '../../lib/offline-store';
export { OutboxNotice } from './outbox-notice';
export { useOutbox } from './use-outbox';
