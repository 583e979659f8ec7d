import { describe, expect, it } from 'vitest';
import { reasonForHttpCode } from './status.js';

describe('reasonForHttpCode', () => {
  it('names codes as client-go does', () => {
    expect(reasonForHttpCode(409)).toBe('Conflict');
    expect(reasonForHttpCode(422)).toBe('Invalid');
    expect(reasonForHttpCode(504)).toBe('Timeout');
    expect(reasonForHttpCode(502)).toBe('InternalError');
    expect(reasonForHttpCode(418)).toBe('');
  });
});
