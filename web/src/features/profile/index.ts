// The public module of web/src/features/profile: what other rooms may use. Anything not listed here is private to the room.
export { profileApi } from './api';
