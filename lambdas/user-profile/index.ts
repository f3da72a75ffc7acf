// The public module of lambdas/user-profile: the learner's profile item (USER#sub, PROFILE), which sign-up
// (auth), the profile and account routes (users), narration's voice and the pipeline read. A room of its own
// below them all, so auth and users need not import each other for it.
export { dynamoUserStore, type CourseTopicStore, type UserStore } from './user-store';
