/// <reference types="node" />
// Test-only: the OpenAPI documents recorded from real kube-apiservers (tests/fixtures): v2 of 1.20.2, v3 of 1.37.2.
import { readJsonFixture, recording } from '../../testing/fixtures';
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

/** The components.schemas of a 1.37.2 /openapi/v3 group-version document (`apis/apps/v1`). */
export function openApiV3Schemas(groupVersion: string): Definitions {
  const doc = recording('1.37.2').readJson<{ components: { schemas: Definitions } }>(`openapi-v3/${groupVersion.split('/').join('__')}.json`);
  return doc.components.schemas;
}
