/**
 * A card by keyboard at the default sidebar width (issue 22 items 3, 5, 6): Tab leaves the code
 * without changing it, the model's sentence is said once, an edited card says so, the reject
 * form opens in view with its field focused, the pending card's shortcuts run and reject it,
 * the focus stays on the card after a decision, and a plot opens full size in a tab of its own.
 */
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

const SAID = 'I will plot the three months.';
const PLOT = [
  'import matplotlib.pyplot as plt',
  "plt.bar(['Jan', 'Feb', 'Mar'], [1, 3, 2])",
  'plt.show()'
].join('\n');

test.use({ viewport: { width: 1400, height: 900 } });

/** Whether the keyboard focus is in `card` (on it or inside it), not dropped to the page. */
const holdsFocus = (card: Locator) =>
  card.evaluate(node => node.contains(document.activeElement));

/** The source the card's editor holds now. */
const editorText = (page: IJupyterLabPageFixture) =>
  page
    .locator('.jp-gptinterp-proposal .jp-gptinterp-proposal-editor .cm-content')
    .first()
    .innerText();

test('a card by keyboard: Tab leaves the code, shortcuts decide, focus stays on the card', async ({
  page,
  request
}) => {
  test.setTimeout(300_000);
  await newNotebook(page);
  const panel = await openSidebar(page);
  await page.sidebar.setWidth(250, 'right');
  await script(request, [
    { text: SAID, ...runCode('x = 1\nprint(x)', SAID) },
    { text: 'Not that, then.' },
    runCode(PLOT, 'plot it'),
    { text: 'Done.' }
  ]);
  await send(panel, 'Plot something');
  const card = panel.locator('.jp-gptinterp-proposal').first();
  await expect(card).toHaveAttribute('data-status', 'pending', {
    timeout: 60_000
  });

  // The model's sentence once: as prose, not again as the card's reason.
  await expect(panel.locator('.jp-gptinterp-assistant').first()).toContainText(
    SAID
  );
  await expect(card.locator('.jp-gptinterp-proposal-reason')).toHaveCount(0);

  // Tab in the code moves the focus on and leaves the code as it was.
  const content = card.locator('.cm-content');
  await expect(content).toHaveAttribute('aria-label', /.+/);
  await content.click();
  await page.keyboard.press('End');
  const before = await editorText(page);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await editorText(page)).toBe(before);
  await expect(content).not.toBeFocused();
  await expect(card.locator('.jp-gptinterp-edited')).toHaveCount(0);

  // Typing in it marks the card edited; the keys the hint names indent and dedent.
  await content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\nprint(2)');
  await expect(card.locator('.jp-gptinterp-edited')).toBeVisible();
  await expect(card.locator('.jp-gptinterp-editor-hint')).toContainText(
    'indents'
  );
  await page.keyboard.press('Control+BracketRight');
  await expect.poll(() => editorText(page)).toMatch(/ {4}print\(2\)$/);
  await page.keyboard.press('Control+BracketLeft');
  await expect.poll(() => editorText(page)).toMatch(/\nprint\(2\)$/);

  // The reject form opens in view with its field focused; Accel Shift Backspace rejects.
  await card.locator('.jp-gptinterp-reject').click();
  const reason = card.locator('.jp-gptinterp-reject-reason');
  await expect(reason).toBeFocused();
  await expect(reason).toBeInViewport();
  await page.keyboard.press('Escape');
  await content.click();
  await page.keyboard.press('Control+Shift+Backspace');
  await expect(card).toHaveAttribute('data-status', 'rejected', {
    timeout: 60_000
  });
  await expect.poll(() => holdsFocus(card)).toBe(true);

  await expect(panel.locator('.jp-gptinterp-assistant').last()).toHaveText(
    'Not that, then.',
    { timeout: 60_000 }
  );

  // The next card: Accel Enter in its code runs it; the focus stays on the card.
  await send(panel, 'Plot it, then');
  const plot = panel.locator('.jp-gptinterp-proposal').nth(1);
  await expect(plot).toHaveAttribute('data-status', 'pending', {
    timeout: 60_000
  });
  await plot.locator('.cm-content').click();
  await page.keyboard.press('Control+Enter');
  await expect(plot).toHaveAttribute('data-status', 'done', {
    timeout: 90_000
  });
  await expect.poll(() => holdsFocus(plot)).toBe(true);

  // The plot has a name and opens full size in a main-area tab.
  const img = plot.locator('.jp-gptinterp-outputs img');
  await expect(img).toHaveAttribute('alt', /Figure/, { timeout: 60_000 });
  const width = (await img.boundingBox())!.width;
  expect(width).toBeLessThanOrEqual(250);
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'keyboard-250.png')
  });
  await img.click();
  const full = page.locator('#jp-main-dock-panel .jp-gptinterp-image-view img');
  await expect(full).toBeVisible();
  await expect(full).toHaveAttribute('alt', /Figure/);
  expect((await full.boundingBox())!.width).toBeGreaterThan(width);
  await page.screenshot({
    path: path.join(SCREENSHOTS, 'keyboard-image-tab.png')
  });
});

test('new messages while the user reads further up: a way down', async ({
  page,
  request
}) => {
  test.setTimeout(300_000);
  await newNotebook(page);
  const panel = await openSidebar(page);
  const lines = Array.from(
    { length: 80 },
    (_, i) => `${i + 1}. A line of the answer.`
  );
  await script(request, [
    { text: lines.join('\n\n'), chunk_chars: 30, delay: 0.25 }
  ]);
  await send(panel, 'Tell me a long story');
  const transcript = panel.locator('.jp-gptinterp-transcript');
  const down = panel.locator('.jp-gptinterp-new-messages');
  // Once the answer overflows the view, the user scrolls up to read while it still streams.
  await expect
    .poll(
      () => transcript.evaluate(n => n.scrollHeight - n.clientHeight > 200),
      { timeout: 60_000 }
    )
    .toBe(true);
  await expect(down).toHaveCount(0);
  await transcript.hover();
  await page.mouse.wheel(0, -5000);
  await expect(down).toBeVisible({ timeout: 30_000 });
  await panel.screenshot({
    path: path.join(SCREENSHOTS, 'new-messages.png')
  });
  await down.click();
  await expect(down).toHaveCount(0);
  const atEnd = () =>
    transcript.evaluate(
      n => n.scrollHeight - n.scrollTop - n.clientHeight < 30
    );
  await expect.poll(atEnd).toBe(true);
  // Back at the end, the view follows the answer to its last line.
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toHaveAttribute(
    'data-streaming',
    'false',
    { timeout: 120_000 }
  );
  await expect.poll(atEnd).toBe(true);
  await expect(down).toHaveCount(0);
});

test('Shift+Tab from the composer reaches the transcript before leaving the sidebar', async ({
  page
}) => {
  await newNotebook(page);
  const panel = await openSidebar(page);
  await page.sidebar.setWidth(250, 'right');
  const transcript = panel.locator('.jp-gptinterp-transcript');
  await expect(transcript).toHaveAttribute('aria-label', /.+/);
  await panel.locator('.jp-gptinterp-composer textarea').focus();
  const inSidebar = () =>
    panel.evaluate(node => node.contains(document.activeElement));
  for (
    let i = 0;
    i < 6 && !(await transcript.evaluate(n => n === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Shift+Tab');
    expect(await inSidebar()).toBe(true);
  }
  await expect(transcript).toBeFocused();
});
