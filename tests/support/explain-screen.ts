// The Explain page and the palette path to it, shared by the demo and real-tier specs.
import { expect, type Page } from '@playwright/test';

/** Opens the palette with Ctrl+K, types `explain <argument>` and takes the first offer. */
export async function explainFromPalette(page: Page, argument: string): Promise<void> {
  await page.keyboard.press('Control+K');
  const input = page.getByRole('combobox', { name: 'Jump to a resource' });
  await input.fill(`explain ${argument}`);
  await expect(page.getByTestId('palette-option').first()).toContainText('explain');
  await page.keyboard.press('Enter');
}

/** The field panel shows a type, a description and a patch strategy. */
export async function expectDeploymentStrategy(page: Page): Promise<void> {
  const field = page.getByTestId('explain-field');
  await expect(field.getByTestId('explain-field-path')).toHaveText('Deployment.spec.strategy');
  await expect(field.getByTestId('explain-field-type')).toHaveText('<DeploymentStrategy>');
  await expect(field.getByTestId('explain-field-description')).toHaveText('The deployment strategy to use to replace existing pods with new ones.');
  await expect(field.getByTestId('explain-patch-strategy')).toHaveText('retainKeys');
  const row = page.getByTestId('explain-tree').locator('[data-path="spec.strategy"]');
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(row).toBeInViewport();
  await expect(page.getByTestId('explain-tree').locator('[data-path="spec.strategy.rollingUpdate"]')).toBeVisible();
}

/** A CRD with descriptions, an enum and a default, as both tiers create it. */
export function gadgetCrd(group: string): string {
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: gadgets.${group}}
spec:
  group: ${group}
  scope: Namespaced
  names: {plural: gadgets, singular: gadget, kind: Gadget, shortNames: [gdt]}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        description: A Gadget is a thing the explain tests describe.
        properties:
          spec:
            type: object
            description: What the gadget should be.
            required: [mode]
            properties:
              mode:
                type: string
                description: How the gadget runs.
                enum: [fast, slow]
              replicas: {type: integer, description: How many gadgets., minimum: 0}
`;
}

/** The CRD's `spec.mode` shows its description and enum. */
export async function expectGadgetMode(page: Page): Promise<void> {
  const field = page.getByTestId('explain-field');
  await expect(field.getByTestId('explain-field-path')).toHaveText('Gadget.spec.mode');
  await expect(field.getByTestId('explain-field-type')).toHaveText('<string>');
  await expect(field.getByTestId('explain-field-description')).toHaveText('How the gadget runs.');
  await expect(field.getByTestId('explain-field-enum')).toHaveText('"fast", "slow"');
  await expect(field.getByTestId('field-badge').filter({ hasText: 'required' })).toBeVisible();
}
