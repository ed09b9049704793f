/**
 * End-to-end approval flows against the fake OpenAI-compatible LLM (tests/fake_llm.py) that
 * jupyter_server_test_config.py starts on 127.0.0.1:18765: the test scripts the model's
 * replies over HTTP, drives the sidebar, and checks the notebook, the kernel and what the
 * model was sent.
 */
import { expect, IJupyterLabPageFixture, test } from '@jupyterlab/galata';
import type { APIRequestContext } from '@playwright/test';
import * as path from 'path';

import {
  contentText,
  FAKE,
  fakeRequests,
  newNotebook,
  openSidebar,
  reloadedChat,
  runCode,
  SCREENSHOTS,
  script,
  send,
  SIDEBAR_ID
} from './helpers';

const CODE = "print('hello from gptinterp')\nanswer = 6*7\nprint(answer)";
const REASON = 'compute it';

/** A new notebook with an idle kernel and one manual cell already run (`x0 = 1`). */
async function notebookWithActiveCell(page: IJupyterLabPageFixture) {
  await page.notebook.createNew();
  await expect(
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
  ).toHaveCount(1, { timeout: 60_000 });
  await page.notebook.setCell(0, 'code', 'x0 = 1');
  // In place: the run cell stays active, so the generated cell goes right below it.
  await page.notebook.runCell(0, { inplace: true });
  await expect(
    page.locator('.jp-Notebook .jp-Cell').first().locator('.jp-InputPrompt')
  ).toHaveText(/\[1\]/);
}

/** The model proposes CODE, then answers "The answer is **42**." once it ran. */
async function scriptRunThenAnswer(request: APIRequestContext) {
  await script(request, [
    {
      tool_calls: [
        { name: 'run_code', arguments: { code: CODE, reason: REASON } }
      ]
    },
    { text: 'The answer is **42**.' }
  ]);
}

/** In a new notebook, the model's proposal of CODE approved as it is; the sidebar's panel. */
async function askAndRun(
  page: IJupyterLabPageFixture,
  request: APIRequestContext
) {
  await notebookWithActiveCell(page);
  const panel = await openSidebar(page);
  await scriptRunThenAnswer(request);
  await send(panel, 'Compute six times seven');
  await panel.locator('.jp-gptinterp-run').click();
  return panel;
}

const generatedCells = (page: IJupyterLabPageFixture) =>
  page.locator('.jp-Notebook .jp-Cell.jp-gptinterp-generated');

test.describe('proposals', () => {
  test.beforeEach(async ({ request }) => {
    await request.post(`${FAKE}/_admin/reset`);
  });

  test('approve: the code runs in the notebook and the model sees its output', async ({
    page,
    request
  }) => {
    await notebookWithActiveCell(page);
    // Running the cell may have appended an empty one (run and advance): count, don't assume.
    const manual = await page.locator('.jp-Notebook .jp-Cell').count();
    const panel = await openSidebar(page);

    await scriptRunThenAnswer(request);
    await send(panel, 'Compute six times seven');

    const card = panel.locator('.jp-gptinterp-proposal');
    await expect(card).toHaveAttribute('data-status', 'pending');
    await expect(card.locator('.jp-gptinterp-proposal-reason')).toHaveText(
      REASON
    );
    const editor = card.locator('.jp-gptinterp-proposal-editor');
    await expect(editor).toHaveAttribute('data-editable', 'true');
    await expect(editor).toContainText("print('hello from gptinterp')");
    await expect(editor).toContainText('answer = 6*7');

    // Nothing ran before approval.
    await expect(generatedCells(page)).toHaveCount(0);
    await expect(page.locator('.jp-Notebook .jp-Cell')).toHaveCount(manual);

    await card.locator('.jp-gptinterp-run').click();

    // The cell lands in the notebook with its output.
    const cell = generatedCells(page);
    await expect(cell).toHaveCount(1);
    await expect(cell.locator('.jp-InputArea')).toContainText(
      "print('hello from gptinterp')"
    );
    await expect(cell.locator('.jp-OutputArea-output')).toContainText(
      'hello from gptinterp'
    );

    // The card shows the result.
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(card.locator('.jp-gptinterp-outputs')).toContainText(
      'hello from gptinterp'
    );
    await expect(editor).toHaveAttribute('data-editable', 'false');

    // The model's answer is rendered Markdown.
    const answer = panel.locator('.jp-gptinterp-assistant').last();
    await expect(answer.locator('strong')).toHaveText('42');
    await expect(answer).toHaveAttribute('data-streaming', 'false');

    // The model's second request carries the output.
    const bodies = await fakeRequests(request);
    expect(bodies.length).toBeGreaterThanOrEqual(2);
    const last = bodies[1].messages[bodies[1].messages.length - 1];
    expect(contentText(last)).toContain('hello from gptinterp');

    // The kernel's state is shared with the notebook.
    const cellCount = await page.locator('.jp-Notebook .jp-Cell').count();
    await page.notebook.addCell('code', 'print(answer)');
    await page.notebook.runCell(cellCount);
    await expect(
      page
        .locator('.jp-Notebook .jp-Cell')
        .nth(cellCount)
        .locator('.jp-OutputArea-output')
    ).toHaveText('42');

    // Screenshots for review and the README (the dark ones: after the reload test's reload).
    await page.locator(`#${SIDEBAR_ID}`).screenshot({
      path: path.join(SCREENSHOTS, 'approve-light.png')
    });
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'approve-light-page.png')
    });
  });

  test('after a page reload the chat, its finished card and the generated cell come back', async ({
    page,
    request
  }) => {
    const panel = await askAndRun(page, request);
    await expect(
      panel.locator('.jp-gptinterp-proposal[data-status="done"]')
    ).toHaveCount(1);
    await page.notebook.save();
    // The theme is a saved setting: the page after the reload is painted dark from the start.
    // (Headless Debian chromium paints JupyterLab's menu bar, file browser and status bar
    // light when the theme changes on a live page, although their computed styles are dark.)
    await page.theme.setDarkTheme();

    // Galata's default readiness check waits for the Launcher tab, which is not the active one.
    await page.reload({ waitForIsReady: false });
    // The counts below are checked once the chat has loaded, not raced against the load.
    await reloadedChat(page);
    await expect(page.locator('body')).toHaveAttribute(
      'data-jp-theme-light',
      'false'
    );
    await expect(
      panel.locator('.jp-gptinterp-proposal[data-status="done"]')
    ).toHaveCount(1);
    await expect(
      panel.locator('.jp-gptinterp-proposal .jp-gptinterp-outputs')
    ).toContainText('hello from gptinterp');
    await expect(panel.locator('.jp-gptinterp-assistant strong')).toHaveText(
      '42'
    );
    // History is not mirrored again: still one generated cell.
    await expect(generatedCells(page)).toHaveCount(1);

    await page.waitForTimeout(500);
    await page.locator(`#${SIDEBAR_ID}`).screenshot({
      path: path.join(SCREENSHOTS, 'approve-dark.png')
    });
    await page.screenshot({
      path: path.join(SCREENSHOTS, 'approve-dark-page.png')
    });
    await page.theme.setLightTheme();
  });

  test('a page reloaded before the notebook was saved gets its generated cell back', async ({
    page,
    request
  }) => {
    const panel = await askAndRun(page, request);
    await expect(panel.locator('.jp-gptinterp-assistant strong')).toHaveText(
      '42'
    );
    await expect(generatedCells(page)).toHaveCount(1);

    // Leave without saving: JupyterLab asks first, and the user says yes.
    page.on('dialog', dialog => void dialog.accept());
    await page.reload({ waitForIsReady: false });
    await reloadedChat(page);
    // The file never held the cell: it is written again from the chat's events, once.
    await expect(generatedCells(page)).toHaveCount(1);
    await expect(
      generatedCells(page).locator('.jp-OutputArea-output').first()
    ).toContainText('hello from gptinterp');
    await page.waitForTimeout(1000);
    await expect(generatedCells(page)).toHaveCount(1);
  });

  test('edit then run: the edited code is what runs', async ({
    page,
    request
  }) => {
    await notebookWithActiveCell(page);
    // Running the cell may have appended an empty one (run and advance): count, don't assume.
    const manual = await page.locator('.jp-Notebook .jp-Cell').count();
    const panel = await openSidebar(page);

    await script(request, [
      {
        tool_calls: [
          { name: 'run_code', arguments: { code: CODE, reason: REASON } }
        ]
      },
      { text: 'Done.' }
    ]);
    await send(panel, 'Compute six times seven');

    const card = panel.locator('.jp-gptinterp-proposal');
    await expect(card).toHaveAttribute('data-status', 'pending');
    const editor = card.locator('.jp-gptinterp-proposal-editor');
    await expect(editor).toHaveAttribute('data-editable', 'true');

    await editor.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type("print('edited')");
    await expect(editor).toContainText("print('edited')");
    await expect(editor).not.toContainText('hello from gptinterp');

    await card.locator('.jp-gptinterp-run').click();

    const cell = generatedCells(page);
    await expect(cell).toHaveCount(1);
    await expect(cell.locator('.jp-InputArea')).toContainText(
      "print('edited')"
    );
    await expect(cell.locator('.jp-InputArea')).not.toContainText(
      'hello from gptinterp'
    );
    await expect(cell.locator('.jp-OutputArea-output')).toHaveText('edited');
    await expect(card).toHaveAttribute('data-status', 'done');
    await expect(card.locator('.jp-gptinterp-outputs')).toContainText('edited');

    // The model is told the code that actually ran, and its output.
    await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
      'Done.'
    );
    const bodies = await fakeRequests(request);
    const second = JSON.stringify(bodies[1].messages);
    expect(second).toContain('edited');
  });

  test('reject: nothing runs and the model is told why', async ({
    page,
    request
  }) => {
    await notebookWithActiveCell(page);
    // Running the cell may have appended an empty one (run and advance): count, don't assume.
    const manual = await page.locator('.jp-Notebook .jp-Cell').count();
    const panel = await openSidebar(page);

    await script(request, [
      {
        tool_calls: [
          { name: 'run_code', arguments: { code: CODE, reason: REASON } }
        ]
      },
      { text: 'Understood, I will not run it.' }
    ]);
    await send(panel, 'Compute six times seven');

    const card = panel.locator('.jp-gptinterp-proposal');
    await expect(card).toHaveAttribute('data-status', 'pending');

    await card.locator('.jp-gptinterp-reject').click();
    const reason = card.locator('.jp-gptinterp-reject-reason');
    await expect(reason).toBeFocused();
    await reason.fill('not on my machine');
    await card.locator('.jp-gptinterp-reject-confirm').click();

    await expect(card).toHaveAttribute('data-status', 'rejected');
    await expect(card.locator('.jp-gptinterp-proposal-status')).toContainText(
      'not on my machine'
    );
    await expect(card.locator('.jp-gptinterp-run')).toHaveCount(0);
    await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
      'Understood, I will not run it.'
    );

    // Nothing was added to the notebook, nothing ran.
    await expect(generatedCells(page)).toHaveCount(0);
    await expect(page.locator('.jp-Notebook .jp-Cell')).toHaveCount(manual);
    await expect(card.locator('.jp-gptinterp-outputs')).toHaveCount(0);

    const bodies = await fakeRequests(request);
    expect(bodies.length).toBe(2);
    const last = bodies[1].messages[bodies[1].messages.length - 1];
    expect(contentText(last)).toContain('not on my machine');
  });

  test('several runs in one turn go below the active cell in the order they ran', async ({
    page,
    request
  }) => {
    await notebookWithActiveCell(page);
    const panel = await openSidebar(page);
    const steps = ['step = 1', 'step += 1', 'print(step)'];
    await script(request, [
      ...steps.map(code => ({
        tool_calls: [{ name: 'run_code', arguments: { code, reason: 'next' } }]
      })),
      { text: 'It printed 2.' }
    ]);
    await send(panel, 'Count to two in three steps');
    for (let i = 1; i <= steps.length; i++) {
      await expect(panel.locator('.jp-gptinterp-run')).toHaveCount(1);
      await panel.locator('.jp-gptinterp-run').click();
      await expect(
        panel.locator('.jp-gptinterp-proposal[data-status="done"]')
      ).toHaveCount(i);
    }
    await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
      'It printed 2.'
    );
    // Right below the user's cell, first run first: [x0 = 1], then the three steps.
    const cells = page.locator('.jp-Notebook .jp-Cell');
    await expect(cells.nth(0)).toContainText('x0 = 1');
    for (let i = 0; i < steps.length; i++) {
      await expect(cells.nth(i + 1)).toHaveClass(/jp-gptinterp-generated/);
      await expect(cells.nth(i + 1).locator('.jp-InputArea')).toContainText(
        steps[i]
      );
    }
    await expect(cells.nth(3).locator('.jp-OutputArea')).toContainText('2');
  });

  test('a command link in an output approves nothing: deciding needs a visible card’s id', async ({
    page,
    request
  }) => {
    await newNotebook(page);
    const panel = await openSidebar(page);
    // Kernel HTML dressed up as our Run button (the sanitizer keeps data-* attributes).
    const forged =
      'from IPython.display import HTML\nHTML(\'<button class="forged" data-commandlinker-command="gptinterp:approve">Looks harmless</button>\')';
    await script(request, [
      runCode(forged, 'show a button'),
      runCode("open('forged-approval.txt', 'w').write('ran')", 'next step'),
      { text: 'Understood.' }
    ]);
    await send(panel, 'Show me a button');
    await panel.locator('.jp-gptinterp-run').click();
    const second = panel.locator('.jp-gptinterp-proposal').nth(1);
    await expect(second).toHaveAttribute('data-status', 'pending');

    const inCard = panel.locator('.jp-gptinterp-outputs button.forged');
    const inCell = generatedCells(page).locator('button.forged');
    for (const button of [inCard, inCell]) {
      await expect(button).toHaveCount(1);
      await button.click();
      // JupyterLab's command linker would open its "Run Command?" dialog by now.
      await page.evaluate(
        () => new Promise(done => requestAnimationFrame(() => done(null)))
      );
      await expect(page.locator('.jp-Dialog')).toHaveCount(0);
    }

    // Commands that decide a proposal need the id of a pending card the sidebar shows.
    const decide = (args: Record<string, unknown>) =>
      page.evaluate(async a => {
        const commands = (window as any).jupyterapp.commands;
        return {
          enabled: commands.isEnabled('gptinterp:approve', a),
          ran: await commands.execute('gptinterp:approve', a)
        };
      }, args);
    expect(await decide({})).toEqual({ enabled: false, ran: false });
    expect(await decide({ proposalId: 'p-made-up' })).toEqual({
      enabled: false,
      ran: false
    });

    // Nothing was approved: the card is still there to decide, and rejecting it works.
    await expect(second).toHaveAttribute('data-status', 'pending');
    await second.locator('.jp-gptinterp-reject').click();
    await second.locator('.jp-gptinterp-reject-confirm').click();
    await expect(second).toHaveAttribute('data-status', 'rejected');
    await expect(generatedCells(page)).toHaveCount(1);
  });
});
