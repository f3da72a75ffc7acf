// The public module of web/src/features/question-report: what other rooms may use. Anything not listed here is private to the room.
export { ReportQuestion } from './report-question';
