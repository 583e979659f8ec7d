// The cluster's OpenAPI for one kind: JSON Schema for the editor (monaco-yaml) and patch metadata by path.
export type { FieldSchema, SchemaLookup } from './types.js';
export { emptySchemaLookup } from './types.js';
export {
  fetchKindSchema,
  createOpenApiCache,
  OpenApiError,
  v3IndexKey,
  type OpenApiCache,
  type OpenApiFetch,
  type GroupVersionKind,
  type KindSchema,
} from './fetch-openapi.js';
export { findDefinitionForGvk, kindSchemaFromDefinitions, type Definitions, type JsonSchema } from './kind-schema.js';
export { patchSchemaOf, JSON_PATCH_SCHEMA } from './patch-schema.js';
