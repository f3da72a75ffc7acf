// The public module of web/src/features/diplomado: what other rooms may use. Anything not listed here is private to the room.
export { diplomadoGeneratorMode } from './diplomado-mode';
export { MyDiplomados } from './my-diplomados';
