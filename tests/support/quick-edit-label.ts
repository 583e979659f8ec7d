// The quick edit that adds a label, driven as a user does: both tiers' permission specs add one as the
// one-namespace user, who must be allowed to (the fieldset and Apply say so before anything is sent).
import { expect, type Page } from '@playwright/test';

/** Adds `key=value` to the ConfigMap open on the page through its preview, and waits for "Applied". */
export async function addLabelByQuickEdit(page: Page, configMap: string, key: string, value: string): Promise<void> {
  const section = page.getByTestId('quick-edits');
  await expect(section.getByTestId('quick-edits-metadata')).toHaveAttribute('data-access', 'allowed', { timeout: 15_000 });
  await section.getByLabel('Label key').fill(key);
  await section.getByLabel('Label value').fill(value);
  await section.getByRole('button', { name: 'Add label' }).click();
  const dialog = page.getByRole('dialog', { name: `Add label ${key}=${value} to ConfigMap ${configMap}` });
  await expect(dialog.getByTestId('dry-run-ok')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: 'Apply' })).toHaveAttribute('data-access', 'allowed');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('quick-edit-applied')).toContainText(`Applied: Add label ${key}=${value}`);
}
