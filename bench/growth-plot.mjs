// The growth plot: one small panel per cost (its own unit and scale), size on a log axis, so a cost that grows
// faster than the list stands out. Plain SVG text, no dependency; labels escaped.

const PANEL_W = 300;
const PANEL_H = 190;
const PAD = { left: 58, right: 12, top: 28, bottom: 34 };
const COLUMNS = 3;
const COLORS = ['#4f46e5', '#059669', '#d97706', '#dc2626', '#0891b2', '#7c3aed'];

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const short = (x) => (x >= 1000 ? `${(x / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k` : x.toLocaleString('en-US', { maximumFractionDigits: 1 }));

/** Series sharing a unit go in one panel (e.g. UI all rows beside the raw fetch and kubectl, all in ms). */
function panels(growth) {
  const byPanel = new Map();
  for (const series of growth) {
    const key = series.panel ?? series.unit;
    if (!byPanel.has(key)) byPanel.set(key, []);
    byPanel.get(key).push(series);
  }
  return [...byPanel.entries()];
}

function panelSvg(title, series, x0, y0) {
  const points = series.flatMap((s) => s.points);
  const sizes = [...new Set(points.map((p) => p.size))].sort((a, b) => a - b);
  const maxValue = Math.max(...points.map((p) => p.value), 1e-9);
  const lx = (size) => Math.log10(size);
  const [minX, maxX] = [lx(sizes[0]), lx(sizes.at(-1))];
  const w = PANEL_W - PAD.left - PAD.right;
  const h = PANEL_H - PAD.top - PAD.bottom;
  const px = (size) => x0 + PAD.left + (maxX === minX ? w / 2 : ((lx(size) - minX) / (maxX - minX)) * w);
  const py = (value) => y0 + PAD.top + h - (value / maxValue) * h;
  const out = [`<text x="${x0 + PAD.left}" y="${y0 + 16}" font-size="12" font-weight="600">${escape(title)}</text>`];
  out.push(`<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top + h}" x2="${x0 + PAD.left + w}" y2="${y0 + PAD.top + h}" stroke="#94a3b8"/>`);
  out.push(`<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top}" x2="${x0 + PAD.left}" y2="${y0 + PAD.top + h}" stroke="#94a3b8"/>`);
  for (const v of [0, maxValue / 2, maxValue]) out.push(`<text x="${x0 + PAD.left - 6}" y="${py(v) + 4}" font-size="10" text-anchor="end">${short(v)}</text>`);
  for (const size of sizes) out.push(`<text x="${px(size)}" y="${y0 + PAD.top + h + 14}" font-size="10" text-anchor="middle">${short(size)}</text>`);
  series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length];
    const pts = [...s.points].sort((a, b) => a.size - b.size);
    out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((p) => `${px(p.size).toFixed(1)},${py(p.value).toFixed(1)}`).join(' ')}"/>`);
    for (const p of pts) out.push(`<circle cx="${px(p.size).toFixed(1)}" cy="${py(p.value).toFixed(1)}" r="2.5" fill="${color}"/>`);
    out.push(`<text x="${x0 + PAD.left + 4}" y="${y0 + PAD.top + 10 + i * 12}" font-size="10" fill="${color}">${escape(s.metric)}</text>`);
  });
  out.push(`<text x="${x0 + PAD.left + w / 2}" y="${y0 + PANEL_H - 4}" font-size="10" text-anchor="middle" fill="#475569">objects (log scale)</text>`);
  return out.join('\n');
}

export function growthSvg(growth) {
  // A log axis has no place for 0 or less: such points are left out rather than drawn at infinity.
  const drawable = growth.map((g) => ({ ...g, points: g.points.filter((p) => p.size > 0 && Number.isFinite(p.value)) })).filter((g) => g.points.length > 0);
  const all = panels(drawable);
  const rows = Math.ceil(all.length / COLUMNS);
  const width = Math.min(all.length, COLUMNS) * PANEL_W;
  const height = rows * PANEL_H + 24;
  const title = (key) => ({ ms: 'time (ms)', MB: 'memory (MB)', KB: 'size (KB)' })[key] ?? key;
  const body = all.map(([key, series], i) => panelSvg(title(key), series, (i % COLUMNS) * PANEL_W, 24 + Math.floor(i / COLUMNS) * PANEL_H));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" fill="#0f172a">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="8" y="16" font-size="13" font-weight="700">How each cost grows with the number of objects (npm run bench)</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
