// The public module of lambdas/users: what other rooms may use. Anything not listed here is private to the room.
export { dynamoUserStore, type UserStore } from './user-store';
