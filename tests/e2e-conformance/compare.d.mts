export interface RunTest {
  name: string;
  state: string;
  reason?: string;
}
export interface RunReport {
  tests: RunTest[];
  counts: { total: number; passed: number; failed: number; skipped: number };
  problems?: string[];
}
interface Named {
  name: string;
  reason?: string;
}
export interface Comparison {
  regressions: Named[];
  nowPassing: Named[];
  unknown: Named[];
  known: Named[];
  unchecked: Named[];
  realNotPassed: Named[];
  demoOnly: Named[];
  problems: string[];
  demoProblems: string[];
  ok: boolean;
}
export declare function readKnown(text: string): Map<string, string>;
export declare function compare(real: RunReport, demo: RunReport, known: Map<string, string>): Comparison;
