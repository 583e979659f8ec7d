// networking.k8s.io/v1 ingresses and rbac.authorization.k8s.io/v1 roles and bindings.
import type { FieldError } from '../http/errors.js';
import type { ResourceType } from './registry.js';
import type { JsonObject, KubeObject } from './types.js';
import { isPlainObject } from './types.js';
import { ingressCells, roleBindingCells } from '../tables/printers.js';
import { recordedType, statusStrategy } from './define.js';

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});

export const ingresses: ResourceType = recordedType('networking.k8s.io/v1', 'ingresses', {
  hasGeneration: true,
  zeroValue: { spec: {}, status: { loadBalancer: {} } },
  nameRule: 'subdomain',
  cells: ingressCells,
  ...statusStrategy({ loadBalancer: {} }),
});

/** Roles and ClusterRoles have no printer upstream: the default Name / Created At table. */
export const roles: ResourceType = recordedType('rbac.authorization.k8s.io/v1', 'roles', {
  hasGeneration: false,
  zeroValue: { rules: null },
  nameRule: 'subdomain',
});

export const clusterroles: ResourceType = recordedType('rbac.authorization.k8s.io/v1', 'clusterroles', {
  hasGeneration: false,
  zeroValue: { rules: null },
  nameRule: 'subdomain',
});

function validateRoleRef(o: KubeObject): FieldError[] {
  const ref = obj(o.roleRef);
  const errors: FieldError[] = [];
  if (!ref.name) errors.push({ type: 'FieldValueRequired', field: 'roleRef.name', hasValue: false });
  if (ref.apiGroup !== 'rbac.authorization.k8s.io') {
    errors.push({ type: 'FieldValueNotSupported', field: 'roleRef.apiGroup', value: ref.apiGroup ?? '', detail: 'supported values: "rbac.authorization.k8s.io"' });
  }
  return errors;
}

export const rolebindings: ResourceType = recordedType('rbac.authorization.k8s.io/v1', 'rolebindings', {
  hasGeneration: false,
  zeroValue: { roleRef: { apiGroup: '', kind: '', name: '' } },
  nameRule: 'subdomain',
  cells: roleBindingCells,
  validate: validateRoleRef,
});

export const clusterrolebindings: ResourceType = recordedType('rbac.authorization.k8s.io/v1', 'clusterrolebindings', {
  hasGeneration: false,
  zeroValue: { roleRef: { apiGroup: '', kind: '', name: '' } },
  nameRule: 'subdomain',
  cells: roleBindingCells,
  validate: validateRoleRef,
});
