import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * No serious or critical axe-core violation (WCAG 2 A/AA rules) in what the selectors select (`main` by default) —
 * the screen, or an open dialog — so a failure names the screen's own problem.
 */
export async function expectAccessible(page: Page, ...include: string[]) {
  // A dialog fading in is measured at its final colours, not half transparent.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5000 }).catch(() => {});
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include.length ? include : ['main']) builder.include(selector);
  const result = await builder.analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)).toEqual([]);
}

/**
 * WCAG 2.5.3 (label in name): every control named by aria-label contains the text it shows (a speech
 * user says what they see). axe's rule for it is tagged experimental, so the tag sets above skip it.
 */
export async function expectNamesContainLabels(page: Page, ...include: string[]) {
  const builder = new AxeBuilder({ page }).withRules(['label-content-name-mismatch']);
  for (const selector of include.length ? include : ['main']) builder.include(selector);
  const result = await builder.analyze();
  expect(result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 120)}`))).toEqual([]);
}
