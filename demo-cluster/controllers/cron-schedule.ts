// Cron schedules as the CronJob controller reads them (robfig/cron ParseStandard): five fields (minute hour
// day-of-month month day-of-week) with `*`, `?`, lists, ranges, steps and month/day names, or a descriptor
// (@yearly, @annually, @monthly, @weekly, @daily, @midnight, @hourly). Times are UTC.

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  /** Whether day-of-month / day-of-week was `*` or `?` (cron ORs the two only when both are restricted). */
  anyDay: boolean;
  anyWeekday: boolean;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

function value(text: string, names: string[] | undefined, offset: number): number {
  const i = names?.indexOf(text.toLowerCase()) ?? -1;
  if (i >= 0) return i + offset;
  if (!/^\d+$/.test(text)) throw new Error(`failed to parse int from ${text}: strconv.Atoi: parsing "${text}": invalid syntax`);
  return Number(text);
}

function field(text: string, min: number, max: number, names?: string[], offset = 0): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : value(stepText, undefined, 0);
    let lo = min;
    let hi = max;
    if (range !== '*' && range !== '?') {
      const [a = '', b] = range.split('-');
      lo = value(a, names, offset);
      hi = b === undefined ? (stepText === undefined ? lo : max) : value(b, names, offset);
    }
    if (lo < min || hi > max || lo > hi || step < 1) throw new Error(`end of range (${hi}) above maximum (${max}): ${part}`);
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
}

/** Parses a schedule; throws with a parse error otherwise. */
export function parseCron(spec: string): CronSchedule {
  let text = spec.trim();
  if (text.startsWith('TZ=') || text.startsWith('CRON_TZ=')) text = text.slice(text.indexOf(' ') + 1).trim();
  text = DESCRIPTORS[text] ?? text;
  const parts = text.split(/\s+/);
  if (parts.length !== 5) throw new Error(`expected exactly 5 fields, found ${parts.length}: [${parts.join(' ')}]`);
  const [m = '', h = '', dom = '', mon = '', dow = ''] = parts;
  const weekdays = field(dow, 0, 7, WEEKDAYS);
  if (weekdays.has(7)) weekdays.add(0);
  return {
    minutes: field(m, 0, 59),
    hours: field(h, 0, 23),
    days: field(dom, 1, 31),
    months: field(mon, 1, 12, MONTHS, 1),
    weekdays,
    anyDay: dom === '*' || dom === '?',
    anyWeekday: dow === '*' || dow === '?',
  };
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.days.has(d.getUTCDate());
  const dow = s.weekdays.has(d.getUTCDay());
  if (s.anyDay || s.anyWeekday) return dom && dow;
  return dom || dow;
}

/** The first scheduled minute strictly after `afterMs`; undefined within five years of none. */
export function nextRun(s: CronSchedule, afterMs: number): number | undefined {
  const t = new Date(Math.floor(afterMs / 60_000) * 60_000 + 60_000);
  const limit = afterMs + 5 * 366 * 86_400_000;
  while (t.getTime() < limit) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t.getTime();
    }
  }
  return undefined;
}

/** The latest scheduled minute in (sinceMs, nowMs], if any (mostRecentScheduleTime). */
export function mostRecentRun(s: CronSchedule, sinceMs: number, nowMs: number): number | undefined {
  let last: number | undefined;
  for (let t = nextRun(s, sinceMs); t !== undefined && t <= nowMs; t = nextRun(s, t)) last = t;
  return last;
}
