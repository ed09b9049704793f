/**
 * Rich outputs and files, both ways: a matplotlib plot and a pandas table render in the notebook
 * and in the chat card (untrusted rendermime), a file the code writes is offered as a link, an
 * uploaded CSV is described to the model and read by its code, and long outputs are collapsed
 * while a running cell shows how long it has run.
 */
import { expect, test } from '@jupyterlab/galata';
import * as path from 'path';

import {
  contentText,
  fakeRequests,
  newNotebook,
  openSidebar,
  runCode,
  SCREENSHOTS,
  script,
  send
} from './helpers';

const text = (content: unknown) => contentText({ content });

const PLOT = [
  'import matplotlib.pyplot as plt',
  'import pandas as pd',
  "df = pd.DataFrame({'month': ['Jan', 'Feb', 'Mar'], 'revenue': [100, 250, 175]})",
  'fig, ax = plt.subplots(figsize=(4, 2.5))',
  "ax.bar(df['month'], df['revenue'])",
  "ax.set_title('Revenue by month')",
  "fig.savefig('revenue.png')",
  'plt.show()',
  'df'
].join('\n');

const CSV = 'month,revenue\n2024-01,100\n2024-02,250\n2024-03,175\n';

test.describe('rich outputs and files', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('a plot and a table show in the notebook and the chat; the saved file is a link', async ({
    page,
    request
  }) => {
    await newNotebook(page);
    const panel = await openSidebar(page);
    await script(request, [
      runCode(PLOT, 'plot revenue by month'),
      { text: 'March revenue fell to 175 after 250 in February.' }
    ]);
    await send(panel, 'Plot revenue by month');

    const card = panel.locator('.jp-gptinterp-proposal');
    await expect(card).toHaveAttribute('data-status', 'pending');
    await card.locator('.jp-gptinterp-run').click();
    await expect(card).toHaveAttribute('data-status', 'done', {
      timeout: 60_000
    });

    // In the chat card: the PNG and the DataFrame's HTML table, through rendermime.
    const outputs = card.locator('.jp-gptinterp-outputs');
    await expect(outputs.locator('img[src^="data:image/png"]')).toBeVisible();
    await expect(outputs.locator('table.dataframe')).toContainText('Feb');
    await expect(outputs.locator('table.dataframe')).toContainText('250');
    // …and the same in the generated notebook cell.
    const cell = page.locator('.jp-Notebook .jp-Cell.jp-gptinterp-generated');
    await expect(
      cell.locator('.jp-OutputArea-output img[src^="data:image/png"]')
    ).toBeVisible();
    await expect(cell.locator('table.dataframe')).toContainText('Mar');

    // The file the code saved: a link, with an inline preview, and the time it ran.
    const file = card.locator('.jp-gptinterp-file[data-path$="revenue.png"]');
    await expect(file.locator('.jp-gptinterp-file-open')).toHaveText(
      'revenue.png'
    );
    await expect(file.locator('.jp-gptinterp-file-preview')).toBeVisible();
    await expect(file.locator('.jp-gptinterp-file-preview')).toHaveJSProperty(
      'complete',
      true
    );
    await expect(card.locator('.jp-gptinterp-elapsed')).toHaveText(
      /\d+(\.\d)? s/
    );

    // The model was told of the image (described, not sent) and of the file.
    await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
      'March revenue'
    );
    const requests = await fakeRequests(request);
    const tool = requests[1].messages.find(m => m.role === 'tool');
    expect(text(tool?.content)).toMatch(
      /\[image \d+x\d+ PNG shown to the user\]/
    );
    expect(text(tool?.content)).toContain('Feb');
    expect(text(tool?.content)).toContain('revenue.png (new');
    expect(text(tool?.content)).not.toContain('iVBOR');

    await file.scrollIntoViewIfNeeded();
    await panel.screenshot({
      path: path.join(SCREENSHOTS, 'outputs-plot-card.png')
    });
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'outputs-plot-page.png')
    });

    // The link opens the image in JupyterLab.
    await file.locator('.jp-gptinterp-file-open').click();
    await expect(
      page.locator('.lm-TabBar-tab.jp-mod-current .lm-TabBar-tabLabel')
    ).toHaveText('revenue.png');
    await expect(page.locator('.jp-ImageViewer img')).toBeVisible();
  });

  test('an uploaded CSV is described to the model and its code reads it', async ({
    page,
    request
  }) => {
    await newNotebook(page);
    const panel = await openSidebar(page);

    // Attach (a command) asks for files with the browser's file chooser.
    const attach = async (name: string) => {
      const chooser = page.waitForEvent('filechooser');
      await panel.locator('.jp-gptinterp-attach').click();
      await (
        await chooser
      ).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    };
    await attach('spare.csv');
    // A hostile name: sanitized, it lands beside the notebook.
    await attach('../sales.csv');
    const chip = panel.locator('.jp-gptinterp-attachment');
    await expect(chip).toHaveCount(2);
    // Removing an attachment (a command too) keeps the file but not the mention.
    await chip
      .filter({ hasText: 'spare.csv' })
      .locator('.jp-gptinterp-attachment-remove')
      .click();
    await expect(chip).toHaveCount(1);
    await expect(chip).toContainText('sales.csv');
    await expect(chip).toHaveAttribute('data-path', /(^|\/)sales\.csv$/);
    await panel.screenshot({
      path: path.join(SCREENSHOTS, 'outputs-attached.png')
    });

    await script(request, [
      runCode(
        "import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint('total revenue:', df['revenue'].sum())\ndf",
        'read the attached file'
      ),
      { text: 'The total revenue is 525.' }
    ]);
    await send(panel, 'What is the total revenue in the file I attached?');
    await expect(chip).toHaveCount(0); // sent with the message

    const card = panel.locator('.jp-gptinterp-proposal');
    await card.locator('.jp-gptinterp-run').click();
    await expect(card).toHaveAttribute('data-status', 'done', {
      timeout: 60_000
    });
    await expect(card.locator('.jp-gptinterp-outputs')).toContainText(
      'total revenue: 525'
    );
    await expect(card.locator('table.dataframe')).toContainText('2024-02');
    await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
      '525'
    );

    // The model was told the file's name, size and type with the message, and its columns
    // as pandas loads them in the description of the data files.
    const first = (await fakeRequests(request))[0].messages;
    const user = text(first[first.length - 1].content);
    expect(user).toContain('What is the total revenue in the file I attached?');
    expect(user).toContain('The user attached these files');
    expect(user).toMatch(/sales\.csv \(\d+ bytes, text\/csv\)/);
    expect(text(first[0].content)).toContain("'revenue': int");
    expect(user + text(first[0].content)).not.toContain('spare.csv');

    await panel.screenshot({
      path: path.join(SCREENSHOTS, 'outputs-upload.png')
    });
  });

  test('a running cell shows its time; a long output is collapsed with Show all', async ({
    page,
    request
  }) => {
    await newNotebook(page);
    const panel = await openSidebar(page);
    await script(request, [
      runCode(
        "import time\nfor i in range(120):\n    print('line', i)\ntime.sleep(2)\nprint('end')",
        'a long output'
      ),
      { text: 'Done.' }
    ]);
    await send(panel, 'Print many lines');
    const card = panel.locator('.jp-gptinterp-proposal');
    await card.locator('.jp-gptinterp-run').click();

    const elapsed = card.locator('.jp-gptinterp-elapsed[data-running="true"]');
    await expect(elapsed).toBeVisible({ timeout: 30_000 });
    const first = await elapsed.textContent();
    await expect(elapsed).not.toHaveText(first ?? ''); // it ticks
    await expect(card).toHaveAttribute('data-status', 'done', {
      timeout: 60_000
    });
    await expect(
      card.locator('.jp-gptinterp-elapsed[data-running="false"]')
    ).toHaveText(/^[2-9](\.\d)? s$/);

    const box = card.locator('.jp-gptinterp-collapsible');
    await expect(box).toHaveAttribute('data-collapsed', 'true');
    const collapsedHeight = (await box.boundingBox())!.height;
    expect(collapsedHeight).toBeLessThan(400);
    await card.screenshot({
      path: path.join(SCREENSHOTS, 'outputs-collapsed.png')
    });
    // Collapsed, the card renders only the head of the stream; Show all brings the rest.
    const outputs = card.locator('.jp-gptinterp-outputs');
    await expect(outputs).toContainText('line 59');
    await expect(outputs).not.toContainText('line 60');
    await box.locator('.jp-gptinterp-show-all').click();
    await expect(box).toHaveAttribute('data-collapsed', 'false');
    await expect(box.locator('.jp-gptinterp-show-all')).toHaveText('Show less');
    expect((await box.boundingBox())!.height).toBeGreaterThan(
      collapsedHeight * 2
    );
    await expect(card.locator('.jp-gptinterp-outputs')).toContainText('end');
  });
});
