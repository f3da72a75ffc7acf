// The public module of web/src/features/diplomado: what other rooms may use. Anything not listed here is private to the room.
export { diplomadoGeneratorMode } from './diplomado-mode';
export { MyDiplomados } from './my-diplomados';
// The aulas room lists the teacher's diplomados to assign them (issue 25), in the same cache as the dashboard.
export { diplomadoApi } from './api';
export { diplomadoKeys } from './query-keys';
