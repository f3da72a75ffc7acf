// The public module of lambdas/diplomado: what other rooms may use. Anything not listed here is private to the room.
export { dynamoDiplomadoStore } from './diplomado-store';
export { writeDiplomadoPlan, type DiplomadoDeps } from './use-cases';
