/**
 * The sidebar as a newcomer meets it (issue 22), through one chat: empty, streaming, a pending
 * card, the reject form, a ran card with a plot and a long output, a fix's diff card and an
 * error note. In each state: axe-core over the sidebar finds nothing, in the light and the dark
 * theme, and no card scrolls sideways at the default width. Reference screenshots of the cards
 * at 300 and 500 px, light and dark, are kept in ui-tests/screenshots/reference/.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, IJupyterLabPageFixture, test } from '@jupyterlab/galata';
import type { Locator } from '@playwright/test';
import * as path from 'path';

import {
  newNotebook,
  openSidebar,
  runCode,
  SCREENSHOTS,
  script,
  send
} from './helpers';

const REFERENCE = path.join(SCREENSHOTS, 'reference');

const PLOT = [
  'import matplotlib.pyplot as plt',
  'fig, ax = plt.subplots(figsize=(4, 2.5))',
  "ax.bar(['Jan', 'Feb', 'Mar'], [100, 250, 175])",
  "ax.set_title('Revenue by month')",
  'plt.show()',
  'for i in range(200):  # a long output, with a line longer than the card is wide',
  "    print(f'row {i}: ' + 'value ' * 12)"
].join('\n');

const BROKEN = 'value = 6 * 7\nprint(valeu)';
const FIXED = 'value = 6 * 7\nprint(value)';

/** axe-core over the sidebar, in both themes: the violations, each summed up in a line. */
async function a11y(page: IJupyterLabPageFixture, state: string) {
  for (const dark of [false, true]) {
    if (dark) {
      await page.theme.setDarkTheme();
    }
    const result = await new AxeBuilder({ page } as any)
      .include('#jp-gptinterp-sidebar')
      .analyze();
    const found = result.violations.map(
      v =>
        `${v.impact} ${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(' | ')}`
    );
    expect.soft(found, `axe, ${state}, ${dark ? 'dark' : 'light'}`).toEqual([]);
    if (dark) {
      await page.theme.setLightTheme();
    }
  }
}

/** Nothing in the card is wider than the card: code and output scroll inside their blocks. */
async function fitsWidth(card: Locator, state: string) {
  const over = await card.evaluate(
    (node: HTMLElement) => node.scrollWidth - node.clientWidth
  );
  expect
    .soft(over, `${state}: the card scrolls sideways`)
    .toBeLessThanOrEqual(0);
}

/** The card at 300 and 500 px, light and dark. */
async function references(
  page: IJupyterLabPageFixture,
  card: Locator,
  name: string
) {
  for (const width of [300, 500]) {
    await page.sidebar.setWidth(width, 'right');
    for (const theme of ['light', 'dark']) {
      if (theme === 'dark') {
        await page.theme.setDarkTheme();
      }
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({
        path: path.join(REFERENCE, `${name}-${width}-${theme}.png`)
      });
      if (theme === 'dark') {
        await page.theme.setLightTheme();
      }
    }
  }
  await page.sidebar.setWidth(250, 'right');
}

test.use({ viewport: { width: 1400, height: 900 } });

test('the sidebar in each state: no axe violation in either theme, readable at 250-500 px', async ({
  page,
  request
}) => {
  test.setTimeout(600_000);
  await newNotebook(page);
  // Not run: a fix needs the cell's source, not its error (and a run waits on a busy machine).
  await page.notebook.setCell(0, 'code', BROKEN);
  const cellId = await page.evaluate(
    () =>
      (window as any).jupyterapp.shell.currentWidget.content.widgets[0].model
        .id as string
  );
  const panel = await openSidebar(page);
  await page.sidebar.setWidth(250, 'right');
  await a11y(page, 'empty');

  await script(request, [
    {
      text: 'I will plot the revenue by month and print the rows.',
      chunk_chars: 2,
      delay: 0.2,
      ...runCode(PLOT, 'I will plot the revenue by month and print the rows.')
    },
    { text: 'The plot shows February highest.' },
    {
      tool_calls: [
        {
          name: 'replace_cell',
          arguments: { cell_id: cellId, source: FIXED, reason: 'a typo: valeu' }
        }
      ]
    },
    { error: 401, message: 'Incorrect API key provided.' }
  ]);
  await send(panel, 'Plot the revenue by month');
  await expect(panel.locator('.jp-gptinterp-assistant')).toHaveAttribute(
    'data-streaming',
    'true'
  );
  await a11y(page, 'streaming');

  const card = panel.locator('.jp-gptinterp-proposal');
  await expect(card).toHaveAttribute('data-status', 'pending', {
    timeout: 60_000
  });
  await fitsWidth(card, 'pending card');
  await a11y(page, 'pending card');
  await references(page, card, 'pending-card');

  await card.locator('.jp-gptinterp-reject').click();
  await expect(card.locator('.jp-gptinterp-reject-reason')).toBeFocused();
  await a11y(page, 'reject form open');
  await card.locator('.jp-gptinterp-reject-cancel').click();

  await card.locator('.jp-gptinterp-run').click();
  await expect(card).toHaveAttribute('data-status', 'done', {
    timeout: 60_000
  });
  await expect(card.locator('.jp-gptinterp-outputs img')).toHaveCount(1);
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toHaveText(
    'The plot shows February highest.'
  );
  await fitsWidth(card, 'ran card');
  await a11y(page, 'ran card with a plot and a long output');
  await references(page, card, 'ran-card');

  await page.evaluate(
    id =>
      (window as any).jupyterapp.commands.execute('gptinterp:fix-cell', {
        cellId: id
      }),
    cellId
  );
  const diff = panel.locator('.jp-gptinterp-diff');
  await expect(diff).toHaveAttribute('data-status', 'pending', {
    timeout: 60_000
  });
  await fitsWidth(diff, 'diff card');
  await a11y(page, 'diff card');
  await references(page, diff, 'diff-card');
  await diff.locator('.jp-gptinterp-accept').click();
  await expect(diff).toHaveAttribute('data-status', 'approved');

  await send(panel, 'And now?');
  await expect(
    panel.locator('.jp-gptinterp-notice[data-level="error"]')
  ).toHaveCount(1);
  await a11y(page, 'error note');
});
