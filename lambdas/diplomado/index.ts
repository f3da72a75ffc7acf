// The public module of lambdas/diplomado: what other rooms may use. Anything not listed here is private to the room.
export { DIPLOMADO_PREFIX, dynamoDiplomadoStore, type DiplomadoItem } from './diplomado-store';
export { writeDiplomadoPlan, type DiplomadoDeps } from './use-cases';
