// The public module of web/src/features/review: what other rooms may use. Anything not listed here is private to the room.
export { reviewApi } from './api';
export { ReviewLink } from './review-link';
export { reviewKeys } from './query-keys';
