// The public module of lambdas/sharing (issue 25, docs/sharing.md): what other rooms may use. Anything not listed here is private to the room.
// Account deletion erases the learner's public pointers, which live outside their partition.
export { shareKey } from './share-items';
// The community sends a course to a connection as its link (issue 34, docs/social.md).
export { dynamoCourseLinks, type CourseLinkPort, type LinkedCourse } from './course-link';
