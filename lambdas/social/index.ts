// The public module of lambdas/social: what other rooms may use. Anything not listed here is private to the room.
export { dynamoCourseActivity, type CourseActivityPort } from './course-hooks';
export { dynamoPublicProfileStore } from './public-profile-store';
export { dynamoTopicIndex } from './topic-index';
