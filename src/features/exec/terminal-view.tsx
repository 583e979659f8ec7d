// The xterm.js terminal (its own lazily loaded chunk): sized to its box, themed for light or dark, bytes in and out.
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import { prefersDark, terminalTheme } from './terminal-theme';

export interface TerminalHandle {
  write(data: Uint8Array | string): void;
  focus(): void;
  readonly columns: number;
  readonly rows: number;
}

export interface TerminalViewProps {
  onReady(terminal: TerminalHandle): void;
  onInput(text: string): void;
  onResize(columns: number, rows: number): void;
  label: string;
}

const ROWS = 24;
const FONT_SIZE = 13;
const FONT_FAMILY = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';

/** Columns that fit the box, from a measured cell width (xterm's fit addon does the same). */
function columnsFor(box: HTMLElement): number {
  const probe = document.createElement('span');
  probe.style.cssText = `position:absolute;visibility:hidden;font:${FONT_SIZE}px ${FONT_FAMILY};white-space:pre`;
  probe.textContent = 'W'.repeat(50);
  box.appendChild(probe);
  const cell = probe.getBoundingClientRect().width / 50 || 8;
  probe.remove();
  return Math.max(20, Math.floor((box.clientWidth - 16) / cell));
}

export function TerminalView({ onReady, onInput, onResize, label }: TerminalViewProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onReady, onInput, onResize });
  useEffect(() => {
    handlers.current = { onReady, onInput, onResize };
  }, [onReady, onInput, onResize]);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return undefined;
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
    const term = new Terminal({ rows: ROWS, cols: columnsFor(box), fontSize: FONT_SIZE, fontFamily: FONT_FAMILY, cursorBlink: true, scrollback: 5000, theme: terminalTheme(prefersDark()) });
    term.open(box);
    term.textarea?.setAttribute('aria-label', label);
    const input = term.onData((text) => handlers.current.onInput(text));
    const resized = term.onResize(({ cols, rows }) => handlers.current.onResize(cols, rows));
    const observer = new ResizeObserver(() => {
      const cols = columnsFor(box);
      if (cols !== term.cols) term.resize(cols, ROWS);
    });
    observer.observe(box);
    // The scheme may change while the shell is open: the OS setting, or the app's own toggle (a class on <html>).
    const retheme = () => {
      const theme = terminalTheme(prefersDark());
      term.options.theme = theme;
      box.style.background = theme.background ?? '';
    };
    dark?.addEventListener?.('change', retheme);
    const classes = new MutationObserver(retheme);
    classes.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'data-theme', 'style'] });
    handlers.current.onReady({
      write: (data) => term.write(data),
      focus: () => term.focus(),
      get columns() {
        return term.cols;
      },
      get rows() {
        return term.rows;
      },
    });
    term.focus();
    return () => {
      observer.disconnect();
      classes.disconnect();
      dark?.removeEventListener?.('change', retheme);
      input.dispose();
      resized.dispose();
      term.dispose();
    };
  }, [label]);

  return <div ref={boxRef} className="kg-terminal min-h-[20rem] w-full overflow-hidden rounded-md p-2" style={{ background: terminalTheme(prefersDark()).background }} data-testid="exec-terminal" />;
}
