// The public module of lambdas/materials: what other rooms may use. Anything not listed here is private to the room.
// Grounded courses (issue 24 part 2) will read a learner's passages through what is exported here.
export { dynamoMaterialStore, type MaterialStore } from './material-store';
export type { MaterialItem, Passage, PassageItem } from './material-items';
export { EMBEDDING_DIMENSIONS, EMBEDDING_MODEL_ID } from './embeddings';
export { nearestPassages, type Retrieved } from './retrieval';
export { bedrockEmbed, embeddingCostUsd, type Embed } from './embeddings';
// Account deletion (lambdas/users) erases the originals of uploaded materials through this.
export { s3MaterialEraser } from './material-erase';
