// Driving the dry-run preview of the edit screen in Playwright, on the demo cluster and on the real apiserver.
import { expect, type Page } from '@playwright/test';
import { editorLine } from './edit-screen.js';

export interface Container {
  name: string;
  image: string;
  env?: Array<{ name: string; value: string }>;
  [field: string]: unknown;
}

export interface ManagedFieldsEntry {
  manager: string;
  operation: string;
  fieldsV1: unknown;
}

export interface Deployment {
  metadata: { name: string; resourceVersion: string; generation: number; managedFields?: ManagedFieldsEntry[]; [field: string]: unknown };
  spec: { replicas: number; template: { spec: { containers: Container[] } } };
  status?: { replicas?: number; availableReplicas?: number; observedGeneration?: number; [field: string]: unknown };
  [field: string]: unknown;
}

/** The four patch types: their radio label, a text only that body has, and the managedFields operation they record. */
export const PATCH_CASES = [
  { kind: 'strategic', label: 'Strategic merge patch', body: '"$setElementOrder/containers"', operation: 'Update' },
  { kind: 'merge', label: 'JSON merge patch', body: '"resourceVersion"', operation: 'Update' },
  { kind: 'json', label: 'JSON patch', body: '"op": "test"', operation: 'Update' },
  { kind: 'apply', label: 'Server-side apply', body: 'kind: Deployment', operation: 'Apply' },
] as const;

/** Picks a patch type the way a user does: by its label. */
export const pickPatchType = (page: Page, label: string) => page.getByRole('radiogroup', { name: 'Patch type' }).getByText(label, { exact: true }).click();

/** Opens the edit screen of a Deployment and waits for its text. */
export async function openEditor(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await expect(editorLine(page, `name: ${name}`).first()).toBeVisible({ timeout: 15_000 });
}

/**
 * Types new lines after the line showing `anchor`. Monaco indents each new line by itself; the indentation it chose
 * is selected (Shift+Home) and replaced, so the text ends up exactly as given.
 */
export async function typeLinesAfter(page: Page, anchor: string, lines: string[]): Promise<void> {
  await editorLine(page, anchor).first().click();
  await page.keyboard.press('End');
  for (const line of lines) {
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Home');
    await page.keyboard.insertText(line);
  }
}

/** A sidecar as the first container, without the fields the server defaults (imagePullPolicy, terminationMessagePath). */
export const sidecarLines = (mode: string) => [
  '        - name: sidecar',
  '          image: busybox:1.36',
  '          env:',
  '            - name: MODE',
  `              value: ${mode}`,
];
