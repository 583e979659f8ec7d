/// <reference types="node" />
// Test-only: the OpenAPI v2 document recorded from a real kube-apiserver 1.20.2 (tests/fixtures).
import { readJsonFixture } from '../../testing/fixtures';
import { kindSchemaFromDefinitions, type Definitions, type GroupVersionKind, type KindSchema } from './kind-schema.js';

let cached: { definitions: Definitions } | null = null;

/** The parsed 1.20.2 /openapi/v2 document. */
export function openApiV2Fixture(): { definitions: Definitions } {
  cached ??= readJsonFixture<{ definitions: Definitions }>('openapi-v2.json');
  return cached;
}

/** A kind's schema from the 1.20.2 fixture; throws when absent. */
export function fixtureKindSchema(gvk: GroupVersionKind): KindSchema {
  const schema = kindSchemaFromDefinitions(openApiV2Fixture().definitions, '#/definitions/', gvk, 'v2');
  if (!schema) throw new Error(`no ${gvk.kind} in the fixture`);
  return schema;
}

export const DEPLOYMENT_GVK: GroupVersionKind = { group: 'apps', version: 'v1', kind: 'Deployment' };
