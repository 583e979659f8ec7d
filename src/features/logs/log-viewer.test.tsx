// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { LogBuffer } from './log-buffer';
import { LogViewer } from './log-viewer';

cleanUpAfterEach();

function viewer(lines: { ts: string; text: string }[], search = '', extra: Partial<Parameters<typeof LogViewer>[0]> = {}) {
  const buffer = new LogBuffer();
  buffer.add('web', lines);
  return render(
    <LogViewer lines={buffer.lines} version={1} wrap={false} showTimestamps={false} showSource={false} search={search} currentLine={null} stickToBottom={false} onScrolledAway={() => {}} {...extra} />,
  );
}

describe('LogViewer', () => {
  it('renders escape codes as classed spans and markup as text, never as HTML', () => {
    const { container } = viewer([{ ts: '2026-01-01T00:00:01Z', text: '\u001b[1;31mERROR\u001b[0m <img src=x onerror="alert(1)"> done' }]);
    const line = screen.getByTestId('log-line');
    expect(line.textContent).toBe('ERROR <img src=x onerror="alert(1)"> done');
    expect(container.querySelector('img')).toBeNull();
    const red = [...line.querySelectorAll('span')].find((s) => s.textContent === 'ERROR');
    expect(red?.className).toContain('ansi-bold');
    expect(red?.className).toContain('ansi-fg-1');
  });

  it('marks search matches across styled spans, and shows prefixes when asked', () => {
    viewer([{ ts: '2026-01-01T00:00:01Z', text: '\u001b[32mINFO\u001b[0m ready' }], 'o re', { showTimestamps: true, showSource: true });
    const marks = screen.getAllByText((_, el) => el?.getAttribute('data-match') === 'true');
    expect(marks.map((m) => m.textContent).join('')).toBe('O re');
    expect(screen.getByTestId('log-line').textContent).toBe('2026-01-01T00:00:01Z [web] INFO ready');
  });

  it('a new buffer (another container picked) never shows the spans of the old one', () => {
    const first = new LogBuffer();
    first.add('app', [{ ts: '2026-01-01T00:00:01Z', text: 'from app' }]);
    const props = { version: 1, wrap: false, showTimestamps: false, showSource: false, search: '', currentLine: null, stickToBottom: false, onScrolledAway: () => {} };
    const { rerender } = render(<LogViewer lines={first.lines} {...props} />);
    expect(screen.getByTestId('log-line').textContent).toBe('from app');
    const second = new LogBuffer();
    second.add('setup', [{ ts: '2026-01-01T00:00:01Z', text: 'from setup' }]);
    rerender(<LogViewer lines={second.lines} {...props} version={2} />);
    expect(screen.getByTestId('log-line').textContent).toBe('from setup');
  });

  it('renders only a window of 100,000 lines', () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => ({ ts: new Date(Date.UTC(2026, 0, 1) + i).toISOString(), text: `line ${i}` }));
    viewer(lines);
    const rendered = screen.getAllByTestId('log-line').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(200);
  });
});
