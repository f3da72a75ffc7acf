// The public module of lambdas/scorm (issue 25, docs/scorm.md): what other rooms may use. Anything not listed here is private to the room.
export { exportScorm, type ScormDeps } from './use-cases';
export { buildPackage, type BuiltPackage } from './scorm-package';
