// The fields a 400 "strict decoding error" names (fieldValidation=Strict, Kubernetes 1.25+): the Status has no
// causes, only the message `... strict decoding error: unknown field "spec.x", duplicate field "y"`.
import type { StatusCause } from './kube-status';

const STRICT = 'strict decoding error: ';
const ENTRY = /(unknown|duplicate) field "((?:[^"\\]|\\.)*)"/g;

/** The unknown and duplicate fields of a strict decoding error's message, as causes (none for other messages). */
export function strictDecodingCauses(message: string): StatusCause[] {
  const at = message.indexOf(STRICT);
  if (at < 0) return [];
  const causes: StatusCause[] = [];
  for (const m of message.slice(at + STRICT.length).matchAll(ENTRY)) {
    const field = JSON.parse(`"${m[2] ?? ''}"`) as string;
    causes.push({ reason: m[1] === 'unknown' ? 'FieldValueNotFound' : 'FieldValueDuplicate', message: `${m[1]} field`, field });
  }
  return causes;
}
