// meta/v1 Status parts and reasons shared by the demo cluster, the kubeglass server and the SPA.

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

// k8s.io/apimachinery/pkg/api/errors.NewGenericServerResponse: the reason client-go gives a bare HTTP code.
const REASON_BY_CODE: Readonly<Record<number, string>> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

/** The Status reason of a bare HTTP code: InternalError for other 5xx, "" (StatusReasonUnknown) when none applies. */
export function reasonForHttpCode(code: number): string {
  return REASON_BY_CODE[code] ?? (code >= 500 ? 'InternalError' : '');
}
