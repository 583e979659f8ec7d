// The lines, virtualized: only those in view are in the DOM, so 100,000 lines scroll like 100. Escape codes
// become styled spans of text (never HTML); search matches are marked. The view opens at the newest line and stays
// at the bottom as lines arrive; scrolling up stops that, and the parent offers to resume.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ansiClasses, type AnsiSpan } from '../../k8s/ansi';
import { findMatches, markMatches } from '../../k8s/logs';
import { spansOf, type BufferedLine } from './log-buffer';
import { logLayout, visibleLines } from './log-layout';
import './ansi.css';

const ROW_HEIGHT = 18;
/** Width of a character of the 12px monospace font, until measured. */
const FALLBACK_CHAR_WIDTH = 7.2;

export interface LogViewerProps {
  lines: BufferedLine[];
  /** Changes whenever `lines` does (the buffer is mutated in place). */
  version: number;
  wrap: boolean;
  showTimestamps: boolean;
  showSource: boolean;
  search: string;
  /** Index of the line holding the current match, scrolled into view when it changes. */
  currentLine: number | null;
  /** Keep the bottom in view as lines arrive. */
  stickToBottom: boolean;
  /** The user scrolled away from the bottom (true) or back to it (false). */
  onScrolledAway: (away: boolean) => void;
}

function prefixOf(line: BufferedLine, showTimestamps: boolean, showSource: boolean): string {
  return `${showTimestamps && line.ts ? `${line.ts} ` : ''}${showSource ? `[${line.source}] ` : ''}`;
}

export function LogViewer({ lines, version, wrap, showTimestamps, showSource, search, currentLine, stickToBottom, onScrolledAway }: LogViewerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const probeRef = useRef<HTMLSpanElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 0, width: 0 });
  const [charWidth, setCharWidth] = useState(FALLBACK_CHAR_WIDTH);
  const [spanCache] = useState(() => new Map<number, AnsiSpan[]>());

  useLayoutEffect(() => {
    const probe = probeRef.current;
    if (probe && probe.offsetWidth > 0) setCharWidth(probe.offsetWidth / 10);
  }, []);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const read = () => setView((v) => (v.scrollTop === el.scrollTop && v.height === el.clientHeight && v.width === el.clientWidth ? v : { scrollTop: el.scrollTop, height: el.clientHeight, width: el.clientWidth }));
    // Position alone says whether the user left the bottom: growth fires no scroll event, and the view's own
    // scroll to the bottom lands at the bottom.
    const onScroll = () => {
      read();
      onScrolledAway(el.scrollHeight - el.scrollTop - el.clientHeight > ROW_HEIGHT * 2);
    };
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(read) : null;
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [onScrolledAway]);

  const columns = wrap ? Math.max(20, Math.floor((view.width - 16) / charWidth)) : 0;
  const layout = useMemo(() => {
    const lengths = new Int32Array(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l) lengths[i] = prefixOf(l, showTimestamps, showSource).length + l.plain.length;
    }
    return logLayout(lengths, columns);
    // version: the buffer's lines change in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, version, columns, showTimestamps, showSource]);
  const totalRows = layout.tops[lines.length] ?? 0;

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || !stickToBottom) return;
    const bottom = el.scrollHeight - el.clientHeight;
    if (el.scrollTop !== bottom) el.scrollTop = bottom;
  }, [stickToBottom, totalRows, view.height]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || currentLine === null) return;
    const top = (layout.tops[currentLine] ?? 0) * ROW_HEIGHT;
    if (top < el.scrollTop || top + ROW_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 2);
    // Only a new current match moves the view, not new lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentLine]);

  const { start, end } = visibleLines(layout.tops, view.scrollTop, view.height || 800, ROW_HEIGHT);
  const rows = [];
  for (let i = start; i < end; i++) {
    const line = lines[i];
    if (!line) continue;
    const prefix = prefixOf(line, showTimestamps, showSource);
    const marked = markMatches(spansOf(line, spanCache), findMatches(line.plain, search));
    rows.push(
      <div
        key={line.id}
        data-testid="log-line"
        data-current={i === currentLine ? 'true' : undefined}
        className={`absolute left-0 right-0 px-2 ${wrap ? 'whitespace-pre-wrap break-all' : 'whitespace-pre'} ${i === currentLine ? 'log-current' : ''}`}
        style={{ top: (layout.tops[i] ?? 0) * ROW_HEIGHT, minHeight: ROW_HEIGHT }}
      >
        {prefix !== '' && <span className="log-prefix select-none">{prefix}</span>}
        {marked.map((s, k) => (
          <span key={k} className={`${ansiClasses(s.style)}${s.match ? ' log-match rounded-sm' : ''}`} data-match={s.match ? 'true' : undefined}>
            {s.text}
          </span>
        ))}
      </div>,
    );
  }

  return (
    <div ref={scrollRef} data-testid="log-viewer" className="log-surface relative min-h-0 flex-1 overflow-auto font-mono text-[12px] leading-[18px]" tabIndex={0} aria-label="Log lines">
      <span ref={probeRef} aria-hidden="true" className="invisible absolute whitespace-pre">
        0123456789
      </span>
      <div className="relative" style={{ height: totalRows * ROW_HEIGHT + 8, minWidth: wrap ? undefined : layout.longest * charWidth + 16 }}>
        {rows}
      </div>
    </div>
  );
}
