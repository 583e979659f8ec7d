// ListOptions of a list or watch as kube-apiserver decodes, defaults and validates them
// (apimachinery's internalversion SetListOptionsDefaults and ValidateListOptions, WatchList enabled).
import { invalid } from './errors.js';
import type { FieldError } from './errors.js';
import { queryFlag, queryOptionalFlag } from './query-bool.js';

/** What a watch is asked to send before its live events. */
export interface StreamingListOptions {
  /** sendInitialEvents after defaulting: undefined for a classic watch. */
  sendInitialEvents: boolean | undefined;
}

const NOT_OLDER_THAN = 'NotOlderThan';

/**
 * Validates the query as ListOptions; throws the 422 Invalid `ListOptions.meta.k8s.io "" is invalid`.
 * `watch` is the watch parameter, not the /watch/ path prefix: a prefixed watch is validated as a list.
 */
export function validateListOptions(query: URLSearchParams): void {
  const watch = queryFlag(query, 'watch');
  const match = query.get('resourceVersionMatch') ?? '';
  const rv = query.get('resourceVersion') ?? '';
  const hasContinue = (query.get('continue') ?? '') !== '';
  const sendInitial = queryOptionalFlag(query, 'sendInitialEvents');
  const errors: FieldError[] = [];
  const forbidden = (field: string, detail: string): void => {
    errors.push({ type: 'FieldValueForbidden', field, detail });
  };
  const notSupported = (supported: string[]): void => {
    const values = supported.map((v) => JSON.stringify(v)).join(', ');
    errors.push({ type: 'FieldValueNotSupported', field: 'resourceVersionMatch', value: match, detail: `supported values: ${values}` });
  };
  if (watch) {
    if (sendInitial !== undefined && match !== NOT_OLDER_THAN) {
      forbidden('resourceVersionMatch', `sendInitialEvents requires setting resourceVersionMatch to ${NOT_OLDER_THAN}`);
    }
    if (match !== '') {
      if (sendInitial === undefined) forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided');
      if (match !== NOT_OLDER_THAN) notSupported([NOT_OLDER_THAN]);
      if (hasContinue) forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided');
    }
  } else {
    if (match !== '') {
      if (rv === '') forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided');
      if (hasContinue) forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided');
      if (match !== 'Exact' && match !== NOT_OLDER_THAN) notSupported(['Exact', NOT_OLDER_THAN, '']);
      if (match === 'Exact' && rv === '0') forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"');
    }
    if (sendInitial !== undefined) forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list');
  }
  if (errors.length > 0) throw invalid('meta.k8s.io', 'ListOptions', '', errors);
}

/**
 * The streaming-list part of a watch's ListOptions, defaulted as SetListOptionsDefaults does: a watch
 * (parameter, not path prefix) from resourceVersion "" or "0" that names neither sendInitialEvents nor
 * resourceVersionMatch is a streaming list, so it ends its initial events with a bookmark.
 */
export function streamingListOptions(query: URLSearchParams): StreamingListOptions {
  const sendInitial = queryOptionalFlag(query, 'sendInitialEvents');
  const match = query.get('resourceVersionMatch') ?? '';
  const rv = query.get('resourceVersion') ?? '';
  if (sendInitial === undefined && match === '' && queryFlag(query, 'watch') && (rv === '' || rv === '0')) {
    return { sendInitialEvents: true };
  }
  return { sendInitialEvents: sendInitial };
}
