import { describe, expect, it } from 'vitest';
import { yamlV3 } from './yaml-v3.js';

describe('yamlV3: strings quoted as yaml.v3 Marshal quotes them', () => {
  it('plain where a plain scalar reads back as the string', () => {
    expect(yamlV3('CONNECT')).toBe('CONNECT\n');
    expect(yamlV3("it's")).toBe("it's\n");
  });

  it("single-quoted where a plain scalar is not allowed ('*', ': ')", () => {
    expect(yamlV3(['*', 'CREATE'])).toBe("- '*'\n- CREATE\n");
    expect(yamlV3('a: b')).toBe("'a: b'\n");
  });

  it('double-quoted where a plain scalar would read as another type, yaml 1.1 bools and timestamps included', () => {
    for (const s of ['', 'null', 'true', 'yes', 'Off', '123', '1.5', '0x1F', '1e3', '.inf', '1:30', '2001-12-14']) expect(yamlV3(s)).toBe(`"${s}"\n`);
  });

  it('leaves numbers and bools as they are', () => {
    expect(yamlV3({ a: 1, b: true })).toBe('a: 1\nb: true\n');
  });
});
