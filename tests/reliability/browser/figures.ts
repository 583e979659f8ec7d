// Figures of the browser tier, appended as JSON lines for scripts/test-reliability.mjs to print.
import { appendFileSync, mkdirSync } from 'node:fs';

export const FAULTS_REPORT = 'test-reports/reliability-faults.jsonl';
export const EDITS_REPORT = 'test-reports/reliability-edits.jsonl';
export const PAYLOADS_REPORT = 'test-reports/reliability-payloads.jsonl';

export interface FaultFigure {
  scenario: string;
  injected: number;
  survived: number;
  /** null when the screen never equalled a fresh list. */
  recoveryMs: number | null;
}

export interface EditFigure {
  scenario: string;
  edits: number;
  lost: number;
}

export interface PayloadFigure {
  screen: string;
  payload: string;
  /** Nothing ran, no element or javascript: link came of it, and its text was shown as text. */
  blocked: boolean;
}

function append(file: string, line: object): void {
  mkdirSync('test-reports', { recursive: true });
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

export const recordFault = (figure: FaultFigure): void => append(FAULTS_REPORT, figure);
export const recordEdits = (figure: EditFigure): void => append(EDITS_REPORT, figure);
export const recordPayload = (figure: PayloadFigure): void => append(PAYLOADS_REPORT, figure);
