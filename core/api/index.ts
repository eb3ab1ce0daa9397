/** The REST API specification as one typed model; see ./types.ts. */
export * from './types';
export {
  apiModel,
  CMDLETS_FILE,
  loadModel,
  modelFromText,
  parseCmdletsFile,
  type LoadOptions,
} from './loader';
export { buildModel, jsonContent, mediaExample, successResponse, type CmdletsFile } from './model';
export { dereference, toOpenApi3 } from './normalize';
export { apiSpecSource, DEFAULT_SPEC, readSpec, SpecError, validateSpec, type SpecSource } from './source';
