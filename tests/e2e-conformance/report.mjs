// Markdown of the e2e conformance reports: one run (run.mjs), and the demo cluster beside the real server
// (compare.mjs).

const cell = (s) => String(s ?? '').replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const minutes = (s) => `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;

export function renderRunMarkdown(r) {
  const c = r.counts;
  const lines = [`## e2e conformance against ${r.target} (${r.suite})`, ''];
  lines.push(`${c.passed} of ${c.total} passed, ${c.failed} not passed, ${c.skipped} skipped, in ${minutes(r.seconds)}.`, '');
  for (const p of r.problems ?? []) lines.push(`- **${cell(p)}**`);
  if ((r.problems ?? []).length > 0) lines.push('');
  const notPassed = r.tests.filter((t) => t.state !== 'passed');
  if (notPassed.length > 0) {
    lines.push('| test | result | reason |', '| --- | --- | --- |');
    for (const t of notPassed) lines.push(`| ${cell(t.name)} | ${t.state} | ${cell(t.reason)}${t.location ? ` (${cell(t.location)})` : ''} |`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

export function renderCompareMarkdown(c) {
  const lines = ['## e2e conformance: the demo cluster beside the real server', ''];
  lines.push(`Real ${c.real.passed} of ${c.real.total} passed, demo cluster ${c.demo.passed} of ${c.demo.total}; ${c.known.length} known differences listed.`, '');
  const section = (title, rows, render) => {
    if (rows.length === 0) return;
    lines.push(`### ${title} (${rows.length})`, '');
    for (const r of rows) lines.push(`- ${render(r)}`);
    lines.push('');
  };
  section('FAIL: the real server passes, the demo cluster does not, not a known difference', c.regressions, (r) => `${r.name}: ${r.reason}`);
  section('FAIL: known differences the demo cluster now passes (take them off the list)', c.nowPassing, (r) => `${r.name} (listed as: ${r.reason})`);
  section('FAIL: known differences that name no test the set runs', c.unknown, (r) => `${r.name}`);
  if (c.known.length > 0) {
    lines.push(`### Known differences (${c.known.length})`, '');
    const byReason = new Map();
    for (const r of c.known) byReason.set(r.reason, [...(byReason.get(r.reason) ?? []), r]);
    for (const [reason, rows] of byReason) {
      lines.push(`- ${reason} (${rows.length})`);
      for (const r of rows) lines.push(`  - ${r.name}: ${cell(r.demoReason).slice(0, 160)}`);
    }
    lines.push('');
  }
  section('Listed, but the real server did not pass it either this run (not checked)', c.unchecked, (r) => `${r.name}`);
  section('The real server did not pass', c.realNotPassed, (r) => `${r.name}: ${r.state}: ${r.reason}`);
  section('The demo cluster passes, the real server does not', c.demoOnly, (r) => `${r.name}`);
  section("FAIL: the real server's run went wrong", c.problems, (p) => p);
  section("The demo cluster's run", c.demoProblems, (p) => p);
  lines.push(c.ok ? 'Result: ok.' : 'Result: FAILED.', '');
  return `${lines.join('\n')}\n`;
}
