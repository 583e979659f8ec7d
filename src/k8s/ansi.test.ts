import { describe, expect, it } from 'vitest';
import { ansiClasses, applySgr, parseAnsi, stripAnsi } from './ansi';

const ESC = '\u001b';

describe('parseAnsi', () => {
  it('splits SGR colors into spans and resets', () => {
    const { spans, end } = parseAnsi(`${ESC}[32mINFO${ESC}[0m ready ${ESC}[1;31mERR${ESC}[m`);
    expect(spans).toEqual([
      { text: 'INFO', style: { fg: 2 } },
      { text: ' ready ', style: {} },
      { text: 'ERR', style: { bold: true, fg: 1 } },
    ]);
    expect(end).toEqual({});
  });

  it('carries a style across lines and drops other escape sequences (cursor moves, OSC titles)', () => {
    const first = parseAnsi(`${ESC}[33mwarn continues`);
    expect(first.end).toEqual({ fg: 3 });
    const second = parseAnsi(`here${ESC}[2K${ESC}]0;title${'\u0007'} done`, first.end);
    expect(second.spans).toEqual([{ text: 'here done', style: { fg: 3 } }]);
  });

  it('maps bright, 256-color and RGB codes to the 16 basic classes', () => {
    expect(applySgr({}, '91')).toEqual({ fg: 9 });
    expect(applySgr({}, '38;5;196')).toEqual({ fg: 9 });
    expect(applySgr({}, '38;2;0;255;0')).toEqual({ fg: 10 });
    expect(applySgr({}, '48;5;4;1')).toEqual({ bg: 4, bold: true });
    expect(applySgr({ fg: 1, bold: true }, '39;22')).toEqual({});
  });

  it('keeps markup-looking text as text: it is never HTML', () => {
    const { spans } = parseAnsi('<img src=x onerror=alert(1)>');
    expect(spans).toEqual([{ text: '<img src=x onerror=alert(1)>', style: {} }]);
  });

  it('class names and stripping', () => {
    expect(ansiClasses({ bold: true, fg: 1, bg: 12 })).toBe('ansi-bold ansi-fg-1 ansi-bg-12');
    expect(stripAnsi(`${ESC}[1m${ESC}[31mFATAL${ESC}[0m boom`)).toBe('FATAL boom');
  });
});
