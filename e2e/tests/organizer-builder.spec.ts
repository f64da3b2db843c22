import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { postJson } from './ticket-helpers.ts';

/*
 * Issue 32 items 1-2: an Admin builds an organizer with a condition and a repeating group whose entries each ask for
 * a document, saves it, sees the conditional question appear in the preview, and publishes it. At a phone's width and
 * at a desk's. The organizer is for a service of its own, so no other journey's ticket gets it.
 */
test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/shots';

/** Serious and critical axe findings (WCAG 2.1 A/AA, best practices) on what the page shows now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

const noSidewaysScroll = (p: Page) => p.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  const phone = viewport.width < 768;

  test(`at ${viewport.width} px an Admin builds, saves, previews and publishes an organizer`, async ({ staff }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const admin = await staff('Admin', viewport);
    const p = admin.page;
    const tag = randomUUID().slice(0, 6);
    const type = await postJson<{ id: string }>(
      p.request,
      '/api/v1/admin/catalog/service-types',
      // Last in the catalogue: other journeys pick service types by their place in it (ticket-helpers.ts).
      { name: `Organizer journey ${tag}`, position: 10_000 },
      201,
    );
    const serviceName = `Household return ${tag}`;
    await postJson(
      p.request,
      '/api/v1/admin/catalog/services',
      { service_type_id: type.id, name: serviceName, price_cents: 10_000 },
      201,
    );

    if (phone) await p.goto('/admin/organizers');
    else {
      await p.goto('/dashboard');
      await p.getByTestId('menu-item-organizers').click();
    }
    await expect(p).toHaveURL(/\/admin\/organizers$/);
    await expect(p.getByRole('heading', { level: 1, name: 'Organizers' })).toBeVisible();

    // A new organizer for the new service, any year.
    await p.getByTestId('organizer-new').click();
    const dialog = p.getByRole('dialog', { name: 'New organizer' });
    await dialog.getByTestId('template-name').fill(`Household ${tag}`);
    await dialog.getByTestId('template-service').selectOption({ label: serviceName });
    await dialog.getByTestId('template-submit').click();
    await expect(p).toHaveURL(/\/admin\/organizers\/[^/]+$/);
    const editor = p.getByTestId('organizer-editor');
    await expect(editor.getByRole('heading', { level: 1, name: `Household ${tag}` })).toBeVisible();

    const section = editor.getByTestId('section-editor').first();
    await section.getByTestId('section-title-en').fill('Income');
    await section.getByTestId('section-title-es').fill('Ingresos');
    const card = (id: string) => editor.locator(`[data-testid="question-card"][data-question-id="${id}"]`);

    // A yes/no question, then a money question shown only if it is answered yes.
    await section.getByTestId('add-question-type').selectOption('yes_no');
    await section.getByTestId('add-question').click();
    await expect(section.getByTestId('question-label-en').last()).toBeFocused();
    await p.keyboard.type('Did you sell stock?');
    await card('did_you_sell_stock').getByTestId('question-label-es').fill('¿Vendió acciones?');
    await card('did_you_sell_stock').getByTestId('question-toggle').click();

    await section.getByTestId('add-question-type').selectOption('money');
    await section.getByTestId('add-question').click();
    await p.keyboard.type('Total proceeds');
    const proceeds = card('total_proceeds');
    await proceeds.getByTestId('condition-add').click();
    await expect(proceeds.getByTestId('condition-question')).toHaveValue('did_you_sell_stock');
    await expect(proceeds.getByTestId('condition-op')).toHaveValue('equals');
    await expect(proceeds.getByTestId('condition-value')).toHaveValue('true');
    await expect(proceeds.getByTestId('question-condition')).toHaveText('Shown if: Did you sell stock? is Yes');
    await proceeds.screenshot({ path: `${SHOTS}/organizer-builder-${viewport.width}-condition.png` });
    await proceeds.getByTestId('question-toggle').click();

    // A repeating group: employers, each named and asking for its W-2.
    await section.getByTestId('add-question-type').selectOption('group');
    await section.getByTestId('add-question').click();
    await p.keyboard.type('Employers');
    const group = card('employers');
    const inner = group.getByTestId('group-fields');
    await inner.getByTestId('question-toggle').first().click();
    await inner.getByTestId('question-label-en').first().fill('Employer');
    await inner.getByTestId('add-field-type').selectOption('money');
    await inner.getByTestId('add-field').click();
    await p.keyboard.type('Wages');
    await group.getByTestId('group-item-label').selectOption('employer');
    await group.getByTestId('group-max-items').fill('5');
    const rule = group.getByTestId('request-rule').last();
    await rule.getByTestId('request-toggle').check({ force: true });
    await rule.getByTestId('request-label-en').fill('W-2');
    await rule.getByTestId('request-label-es').fill('Formulario W-2');
    const types = await rule.getByTestId('request-type').locator('option').allTextContents();
    if (types.includes('W-2')) await rule.getByTestId('request-type').selectOption('W-2');
    await group.screenshot({ path: `${SHOTS}/organizer-builder-${viewport.width}-group.png` });
    await group.getByTestId('question-toggle').first().click();
    await expect(group.getByTestId('question-request')).toHaveText('Each entry asks for: W-2');

    await expect(p.getByTestId('editor-state')).toContainText('Unsaved changes');
    await p.getByTestId('organizer-save').click();
    await expect(p.getByTestId('editor-state')).toContainText('Draft saved, not published');
    expect(await noSidewaysScroll(p)).toBe(true);
    await p.screenshot({ path: `${SHOTS}/organizer-builder-${viewport.width}-editor.png`, fullPage: true });
    // A question open with its condition, and the group with its questions and document: nothing serious for axe.
    await card('total_proceeds').getByTestId('question-toggle').click();
    await group.getByTestId('question-toggle').first().click();
    expect(await seriousViolations(p)).toEqual([]);
    await card('total_proceeds').getByTestId('question-toggle').click();
    await group.getByTestId('question-toggle').first().click();

    // The preview: the conditional question appears with a "yes", each employer asks for its W-2.
    if (phone) await p.getByTestId('editor-view').getByText('Preview').click();
    const preview = p.getByTestId('organizer-preview');
    await expect(preview).toBeVisible();
    await expect(preview.getByTestId('preview-question-total_proceeds')).toHaveCount(0);
    await expect(preview.getByTestId('preview-no-documents')).toBeVisible();
    await preview.getByTestId('preview-question-did_you_sell_stock').getByRole('radio', { name: 'Yes' }).check();
    await expect(preview.getByTestId('preview-question-total_proceeds')).toBeVisible();
    await preview.getByTestId('preview-add-entry-employers').click();
    await preview
      .getByTestId('preview-entry')
      .getByTestId('preview-question-employers.employer')
      .getByRole('textbox')
      .fill('Acme Corp');
    await expect(preview.getByTestId('preview-documents')).toHaveText('W-2: Acme Corp');
    await preview.getByTestId('preview-question-did_you_sell_stock').getByRole('radio', { name: 'No' }).check();
    await expect(preview.getByTestId('preview-question-total_proceeds')).toHaveCount(0);
    await preview.getByTestId('preview-question-did_you_sell_stock').getByRole('radio', { name: 'Yes' }).check();
    expect(await noSidewaysScroll(p)).toBe(true);
    await p.screenshot({ path: `${SHOTS}/organizer-builder-${viewport.width}-preview.png`, fullPage: true });
    expect(await seriousViolations(p)).toEqual([]);
    if (phone) await p.getByTestId('editor-view').getByText('Questions').click();

    // Publish: the confirmation says what happens to answers already given.
    await p.getByTestId('organizer-publish').click();
    const publish = p.getByTestId('publish-dialog');
    await expect(publish).toContainText('Publish this draft as version 1?');
    await expect(publish).toContainText('Answers clients have already given keep the version they were given');
    await publish.getByRole('button', { name: 'Publish version 1' }).click();
    await expect(publish).toBeHidden();
    await expect(p.getByTestId('editor-state')).toContainText('Version 1');
    await p.getByTestId('organizer-versions').click();
    await expect(p.getByTestId('version-list')).toContainText('Version 1');
    await expect(p.getByTestId('version-list')).toContainText('Published');
    await p.keyboard.press('Escape');

    // The list: its service, any year, version 1, no draft.
    await p.getByRole('link', { name: 'All organizers' }).click();
    const row = p.getByTestId('organizer-row').filter({ hasText: `Household ${tag}` });
    await expect(row).toContainText(serviceName);
    await expect(row).toContainText('Any year');
    await expect(row).toContainText('Version 1');
    await expect(row).not.toContainText('Draft');
    expect(await noSidewaysScroll(p)).toBe(true);
    await p.screenshot({ path: `${SHOTS}/organizer-builder-${viewport.width}-list.png`, fullPage: true });
  });
}
