// The public module of web/src/features/auth: what other rooms may use. Anything not listed here is private to the room.
export { authApi } from './api';
