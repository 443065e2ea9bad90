/** `layered`: dagre in columns Claim → Evidence → Chunk → Document, entities beside; `overview`: fcose for the neighbourhood. */
export type GraphLayoutMode = 'layered' | 'overview';
/** Which way the layers run: left to right or top to bottom. */
export type GraphDirection = 'LR' | 'TB';
