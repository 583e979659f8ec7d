// Validation of write options (CreateOptions/UpdateOptions/PatchOptions/DeleteOptions) and of the
// Table includeObject parameter, worded like apimachinery's metav1 validation.
import type { IncludeObject } from '../tables/table.js';
import { badRequest, invalid } from './errors.js';
import type { ApiError } from './errors.js';

/** The options kind a verb's query parameters decode into. */
export function optionsKind(verb: string): string | undefined {
  switch (verb) {
    case 'create':
      return 'CreateOptions';
    case 'update':
      return 'UpdateOptions';
    case 'patch':
      return 'PatchOptions';
    case 'delete':
    case 'deletecollection':
      return 'DeleteOptions';
    default:
      return undefined;
  }
}

const FIELD_VALIDATION_VALUES = ['', 'Ignore', 'Strict', 'Warn'];

/** 422 `CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Bogus"]: supported values: "All"`. */
export function checkDryRun(kind: string, values: string[]): void {
  if (values.length === 0 || values.every((v) => v === 'All')) return;
  throw invalid('meta.k8s.io', kind, '', [{ type: 'FieldValueNotSupported', field: 'dryRun', value: values, detail: 'supported values: "All"' }]);
}

/** Validates dryRun and fieldValidation of a write before anything else happens (as the options decoding does). */
export function checkWriteQuery(verb: string, query: URLSearchParams): void {
  const kind = optionsKind(verb);
  if (kind === undefined) return;
  checkDryRun(kind, query.getAll('dryRun'));
  const fv = query.get('fieldValidation');
  if (kind !== 'DeleteOptions' && fv !== null && !FIELD_VALIDATION_VALUES.includes(fv)) {
    const supported = FIELD_VALIDATION_VALUES.map((v) => JSON.stringify(v)).join(', ');
    throw invalid('meta.k8s.io', kind, '', [{ type: 'FieldValueNotSupported', field: 'fieldValidation', value: fv, detail: `supported values: ${supported}` }]);
  }
}

/** 400 for an includeObject value the Table conversion does not know. */
export function includeObjectInvalid(value: string): ApiError {
  return badRequest(`Unable to convert to Table as requested: includeObject: Invalid value: "${value}": must be 'Metadata', 'Object', 'None', or empty`);
}

/** The includeObject of a Table request (Metadata by default). */
export function includeObjectParam(query: URLSearchParams): IncludeObject {
  const v = query.get('includeObject') ?? '';
  if (v === '' || v === 'Metadata') return 'Metadata';
  if (v === 'None' || v === 'Object') return v;
  throw includeObjectInvalid(v);
}

/** Whether a write is a dry run (dryRun=All); 400 for another value that got past checkWriteQuery. */
export function isDryRun(query: URLSearchParams): boolean {
  const values = query.getAll('dryRun');
  for (const v of values) {
    if (v !== 'All') throw badRequest(`dryRun: Unsupported value: "${v}": supported values: "All"`);
  }
  return values.length > 0;
}
