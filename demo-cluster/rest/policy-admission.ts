// The ValidatingAdmissionPolicy and MutatingAdmissionPolicy admission plugins: each matching binding's policy has
// its matchConditions, variables and validations (or mutations) evaluated with the subset of CEL cel.ts knows.
// A denied validation under a Deny action answers as the validating dispatcher does (422 Invalid unless the
// validation names a reason); an evaluation error follows the policy's failurePolicy; an expression outside the
// subset is not judged. Mutations merge an apply configuration, or apply a JSON patch, to the object; their errors
// under failurePolicy Fail deny as the generic policy dispatcher does (403, reason Invalid).
import { ApiError, failure, qualifiedResource } from '../http/errors.js';
import type { Registry } from '../resources/registry.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';
import { evaluateExpression } from '../resources/cel.js';
import type { CelResult } from '../resources/cel.js';
import type { Store } from '../store/store.js';
import { applyJsonPatch } from './patch.js';
import { bindings, matchingBindings } from './policy-matching.js';
import type { AdmissionRequest, PolicyBinding } from './policy-matching.js';

export type { AdmissionRequest };

const obj = (v: unknown): JsonObject => (isPlainObject(v) ? v : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Outcome of an expression the demo judged: true, false, or an error message. */
type Judged = { ok: boolean } | { error: string } | undefined;

/** The variables of `spec.variables`, each evaluated when first read (compositionEnvTemplate's lazy variables). */
function withVariables(base: Record<string, unknown>, variables: unknown[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const env = { ...base, variables: values };
  for (const raw of variables) {
    const v = obj(raw);
    const name = str(v.name);
    let result: CelResult | undefined;
    Object.defineProperty(values, name, {
      enumerable: true,
      get: () => {
        result ??= evaluateExpression(str(v.expression), env);
        if ('value' in result) return result.value;
        // A variable the demo cannot evaluate leaves what reads it outside the subset, as does its error.
        throw new Error(`variables.${name}`);
      },
    });
  }
  return env;
}

function judge(expression: string, env: Record<string, unknown>): Judged {
  const r = evaluateExpression(expression, env);
  if ('unsupported' in r) return undefined;
  if ('error' in r) return { error: `expression '${expression}' resulted in error: ${r.error}` };
  return typeof r.value === 'boolean' ? { ok: r.value } : { error: `expression '${expression}' resulted in error: no such overload` };
}

/** matchConditions: all must hold; an error is the policy's to decide. */
function conditionsHold(spec: JsonObject, env: Record<string, unknown>): Judged {
  for (const raw of arr(spec.matchConditions)) {
    const c = obj(raw);
    const r = judge(str(c.expression), env);
    if (r === undefined) continue;
    if ('error' in r) return r;
    if (!r.ok) return { ok: false };
  }
  return { ok: true };
}

interface Denial {
  pb: PolicyBinding;
  message: string;
  reason: string;
}

/** What a denial answers: Forbidden's message and details, with the validation's reason and its code. */
function denialError(req: AdmissionRequest, d: Denial): ApiError {
  const t = req.type;
  const message = `ValidatingAdmissionPolicy '${d.pb.policy.metadata.name ?? ''}' with binding '${d.pb.binding.metadata.name ?? ''}' denied request: ${d.message}`;
  const qr = qualifiedResource(t.group, t.resource);
  const full = req.name === '' ? `${qr} is forbidden: ${message}` : `${qr} "${req.name}" is forbidden: ${message}`;
  const code = { Unauthorized: 401, Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 }[d.reason] ?? 422;
  return new ApiError(
    failure(code, d.reason, full, {
      ...(req.name !== '' ? { name: req.name } : {}),
      ...(t.group !== '' ? { group: t.group } : {}),
      kind: t.resource,
      causes: [{ message }],
    }),
  );
}

/** A validation that fails: its messageExpression's string, else its message, else the expression. */
function failureMessage(validation: JsonObject, env: Record<string, unknown>): string {
  if (typeof validation.messageExpression === 'string') {
    const r = evaluateExpression(validation.messageExpression, env);
    if ('value' in r && typeof r.value === 'string' && r.value.trim() !== '' && !r.value.includes('\n')) return r.value.trim();
  }
  if (str(validation.message).trim() !== '') return str(validation.message).trim();
  return `failed expression: ${str(validation.expression).trim()}`;
}

/** The first denial of one policy and binding for one set of params, undefined when it admits. */
function validateOnce(pb: PolicyBinding, env: Record<string, unknown>): Denial | undefined {
  const spec = obj(pb.policy.spec);
  const failClosed = spec.failurePolicy !== 'Ignore';
  const onError = (message: string): Denial | undefined => (failClosed ? { pb, message, reason: 'Invalid' } : undefined);
  const conditions = conditionsHold(spec, env);
  if (conditions === undefined) return undefined;
  if ('error' in conditions) return onError(conditions.error);
  if (!conditions.ok) return undefined;
  for (const raw of arr(spec.validations)) {
    const validation = obj(raw);
    const r = judge(str(validation.expression), env);
    if (r === undefined || ('ok' in r && r.ok)) continue;
    if ('error' in r) {
      const denial = onError(r.error);
      if (denial) return denial;
      continue;
    }
    return { pb, message: failureMessage(validation, env), reason: str(validation.reason) || 'Invalid' };
  }
  return undefined;
}

/** ValidatingAdmissionPolicy admission: throws the first denial of a binding whose actions include Deny. */
export function admitValidatingPolicies(registry: Registry, store: Store, req: AdmissionRequest, namespace: KubeObject | undefined): void {
  for (const pb of matchingBindings(registry, store, 'validatingadmissionpolicies', 'validatingadmissionpolicybindings', req, namespace)) {
    const actions = arr(obj(pb.binding.spec).validationActions);
    const spec = obj(pb.policy.spec);
    let denial: Denial | undefined;
    if (pb.configError !== undefined) {
      if (spec.failurePolicy !== 'Ignore') denial = { pb, message: `failed to configure binding: ${pb.configError}`, reason: 'Invalid' };
    } else {
      for (const params of pb.params) {
        denial = validateOnce(pb, withVariables(bindings(req, namespace, params), arr(spec.variables)));
        if (denial) break;
      }
    }
    // Warn and Audit go to response headers and the audit log, which the demo does not write.
    if (denial && actions.includes('Deny')) throw denialError(req, denial);
  }
}

/** An apply configuration merged into the object: maps merge, everything else (lists too) replaces. */
function mergeApplyConfiguration(target: unknown, config: unknown): unknown {
  if (!isPlainObject(config) || !isPlainObject(target)) return structuredClone(config);
  const out: JsonObject = { ...target };
  for (const [k, v] of Object.entries(config)) out[k] = v === null ? null : mergeApplyConfiguration(target[k], v);
  return out;
}

/** One mutation's result on the object; undefined when the demo cannot evaluate it. */
function mutateOnce(mutation: JsonObject, object: KubeObject, env: Record<string, unknown>): KubeObject | { error: string } | undefined {
  const expression = mutation.patchType === 'JSONPatch' ? str(obj(mutation.jsonPatch).expression) : str(obj(mutation.applyConfiguration).expression);
  const r = evaluateExpression(expression, { ...env, object });
  if ('unsupported' in r) return undefined;
  if ('error' in r) return { error: `expression '${expression.trim()}' resulted in error: ${r.error}` };
  if (mutation.patchType === 'JSONPatch') {
    try {
      return applyJsonPatch(object, r.value) as KubeObject;
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }
  return isPlainObject(r.value) ? (mergeApplyConfiguration(object, r.value) as KubeObject) : { error: `apply configuration must be an object` };
}

/**
 * The generic policy dispatcher's answer to mutation errors: Forbidden's code and details, the first error's
 * message ("policy 'p' with binding 'b' denied request: ...") with reason Invalid, every error a cause.
 */
function mutationError(req: AdmissionRequest, errors: Array<{ pb: PolicyBinding; message: string }>): ApiError {
  const t = req.type;
  const messages = errors.map((e) => `policy '${e.pb.policy.metadata.name ?? ''}' with binding '${e.pb.binding.metadata.name ?? ''}' denied request: ${e.message}`);
  return new ApiError(
    failure(403, 'Invalid', messages[0] ?? '', {
      ...(req.name !== '' ? { name: req.name } : {}),
      ...(t.group !== '' ? { group: t.group } : {}),
      kind: t.resource,
      causes: messages.map((message) => ({ message })),
    }),
  );
}

/**
 * MutatingAdmissionPolicy admission: the object after every matching policy's mutations, in policy order. Errors
 * of policies whose failurePolicy is Fail deny the request once all have run.
 */
export function admitMutatingPolicies(registry: Registry, store: Store, req: AdmissionRequest, namespace: KubeObject | undefined): KubeObject | undefined {
  let object = req.object;
  if (!object) return undefined;
  const errors: Array<{ pb: PolicyBinding; message: string }> = [];
  for (const pb of matchingBindings(registry, store, 'mutatingadmissionpolicies', 'mutatingadmissionpolicybindings', { ...req, object }, namespace)) {
    const spec = obj(pb.policy.spec);
    const failClosed = spec.failurePolicy !== 'Ignore';
    const fail = (message: string): void => {
      if (failClosed) errors.push({ pb, message });
    };
    if (pb.configError !== undefined) {
      fail(pb.configError);
      continue;
    }
    for (const params of pb.params) {
      const env = withVariables(bindings({ ...req, object }, namespace, params), arr(spec.variables));
      const conditions = conditionsHold(spec, env);
      if (conditions === undefined || ('ok' in conditions && !conditions.ok)) continue;
      if ('error' in conditions) {
        fail(conditions.error);
        continue;
      }
      for (const raw of arr(spec.mutations)) {
        const result = mutateOnce(obj(raw), object, env);
        if (result === undefined) continue;
        if ('error' in result) fail(String(result.error));
        else object = result;
      }
    }
  }
  if (errors.length > 0) throw mutationError(req, errors);
  return object;
}
