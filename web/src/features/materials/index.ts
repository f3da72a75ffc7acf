// The public module of web/src/features/materials ("Mis materiales", issue 24): what other rooms may use.
// Anything not listed here is private to the room. The page itself is reached through the router's lazy import.
export { citationsOf, CitationMark, SourceNote } from './citation-mark';
export { MaterialPicker } from './material-picker';
export { SourceList } from './source-list';
export { materialKeys } from './query-keys';
export { materialsApi } from './api';
