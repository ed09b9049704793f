/**
 * With real-time collaboration (jupyter-collaboration in .venv-rtc, playwright-rtc.config.js):
 * two tabs on one notebook share one document. A generated cell and its outputs must land in it
 * once (not once per tab), both tabs must show one state of the approval card, closing and
 * reopening the notebook mid-run must lose nothing, and the file on disk must end up holding
 * exactly what the shared document holds (never an older copy read back over it).
 */
import { expect, IJupyterLabPageFixture, test } from '@jupyterlab/galata';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

import {
  openSidebar,
  runCode,
  script,
  send,
  SIDEBAR_ID
} from '../tests/helpers';

const generated = (page: Page) =>
  page.locator('.jp-Notebook .jp-Cell.jp-gptinterp-generated');

/** The generated cells of a saved notebook, by proposal id. */
function savedGenerated(notebook: any): any[] {
  return (notebook?.cells ?? []).filter(
    (c: any) => c.metadata?.gptinterp?.proposal_id
  );
}

/** A second tab of the same user on the same notebook, in a workspace of its own. */
async function secondTab(page: IJupyterLabPageFixture, path: string) {
  const tab = await page.context().newPage();
  await tab.goto(`/lab/workspaces/second/tree/${path}`);
  await expect(
    tab.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
  ).toHaveCount(1, { timeout: 60_000 });
  await tab.locator(`li.lm-TabBar-tab[data-id="${SIDEBAR_ID}"]`).click();
  const panel = tab.locator('.jp-gptinterp-panel');
  await expect(panel).toHaveAttribute('data-status', 'connected', {
    timeout: 30_000
  });
  return { tab, panel };
}

/** The id of the kernel of the notebook's session. */
async function kernelOf(request: APIRequestContext, path: string) {
  const sessions = await (await request.get('/api/sessions')).json();
  return sessions.find((s: any) => s.path === path).kernel.id as string;
}

/**
 * A new notebook with a cell of the user's, on disk. Not saved from the page: the collaboration
 * server writes the shared document itself (a save from the page raced it and could wait on a
 * "file changed" question), so the tests wait for the file to hold what they expect.
 */
async function newSharedNotebook(
  page: IJupyterLabPageFixture,
  request: APIRequestContext,
  name: string,
  path: string
) {
  await page.notebook.createNew(name);
  await expect(
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
  ).toHaveCount(1, { timeout: 60_000 });
  // A cell of the user's, which must survive everything below.
  await page.notebook.setCell(0, 'code', 'users_own = 1');
  await waitOnDisk(
    request,
    path,
    nb => nb?.cells?.[0]?.source === 'users_own = 1'
  );
}

/** The notebook as the server has it on disk (the Contents API reads the file), once `ok`. */
async function waitOnDisk(
  request: APIRequestContext,
  path: string,
  ok: (notebook: any) => boolean
): Promise<any> {
  let notebook: any = null;
  await expect
    .poll(
      async () => {
        // Not there yet (a new notebook the collaboration server has not written): wait on.
        const response = await request.get(`/api/contents/${path}?content=1`);
        notebook = response.ok() ? (await response.json()).content : null;
        return notebook !== null && ok(notebook);
      },
      { timeout: 30_000 }
    )
    .toBe(true);
  return notebook;
}

test.describe('with real-time collaboration', () => {
  test.beforeEach(async ({ page }) => {
    // Galata's file browser, under collaboration, sometimes opens the test's fresh folder before
    // the collaborative drive knows it and says "Directory not found" (test set-up, not the
    // extension): the dialog is closed whenever it gets in the way.
    await page.addLocatorHandler(
      page.locator('.jp-Dialog', { hasText: 'Directory not found' }),
      async dialog => {
        await dialog.locator('.jp-Dialog-button').first().click();
      }
    );
  });

  test('two tabs: one card state, the generated cell and its output once', async ({
    page,
    request,
    tmpPath
  }) => {
    const name = 'rtc-two-tabs.ipynb';
    const path = `${tmpPath}/${name}`;
    await newSharedNotebook(page, request, name, path);
    const panelA = await openSidebar(page);
    const { tab, panel: panelB } = await secondTab(page, path);

    await script(request, [
      runCode("print('from the shared notebook')", 'show it'),
      { text: 'Done.' }
    ]);
    await send(panelA, 'Print something');

    const cards = [panelA, panelB].map((p: Locator) =>
      p.locator('.jp-gptinterp-proposal')
    );
    for (const card of cards) {
      await expect(card).toHaveAttribute('data-status', 'pending');
    }
    // Approved in the second tab: the first shows the same decision and result.
    await cards[1].locator('.jp-gptinterp-run').click();
    for (const card of cards) {
      await expect(card).toHaveAttribute('data-status', 'done');
      await expect(card.locator('.jp-gptinterp-outputs')).toContainText(
        'from the shared notebook'
      );
    }
    for (const view of [page, tab]) {
      await expect(generated(view)).toHaveCount(1);
      await expect(
        generated(view).locator('.jp-OutputArea-output')
      ).toHaveCount(1);
      await expect(generated(view)).toContainText('from the shared notebook');
    }

    // The file holds the shared document: the user's cell, the generated one once, its output once.
    const saved = await waitOnDisk(
      request,
      path,
      nb => savedGenerated(nb)[0]?.outputs?.length > 0
    );
    expect(savedGenerated(saved)).toHaveLength(1);
    expect(savedGenerated(saved)[0].outputs).toHaveLength(1);
    expect(saved.cells[0].source).toBe('users_own = 1');
    await tab.close();
  });

  test('closing and reopening the notebook mid-run loses nothing', async ({
    page,
    request,
    tmpPath
  }) => {
    const name = 'rtc-reopen.ipynb';
    const path = `${tmpPath}/${name}`;
    await newSharedNotebook(page, request, name, path);
    const panel = await openSidebar(page);
    const code =
      "import time\nprint('before', flush=True)\ntime.sleep(6)\nprint('after', flush=True)";
    await script(request, [runCode(code, 'wait'), { text: 'Done.' }]);
    await send(panel, 'Take your time');
    const card = panel.locator('.jp-gptinterp-proposal');
    await card.locator('.jp-gptinterp-run').click();
    await expect(generated(page)).toContainText('before');

    // Closed while the cell still runs; it finishes while nobody has the notebook open.
    const kernel = await kernelOf(request, path);
    await page.notebook.close();
    await expect
      .poll(async () => (await request.get(`/api/kernels/${kernel}`)).json(), {
        timeout: 60_000
      })
      .toMatchObject({ execution_state: 'idle' });
    await page.notebook.open(name);
    await expect(
      page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
    ).toHaveCount(1, { timeout: 60_000 });

    const cell = generated(page);
    await expect(cell).toHaveCount(1);
    await expect(cell.locator('.jp-OutputArea-output')).toContainText([
      'before'
    ]);
    await expect(cell).toContainText('after');
    await expect(page.locator('.jp-Dialog')).toHaveCount(0); // no "file changed on disk"
    await expect(page.locator('.jp-Notebook .jp-Cell').first()).toContainText(
      'users_own = 1'
    );

    // The outputs, not the cell: its source says 'after' too, and is saved before the output is.
    const saved = await waitOnDisk(request, path, nb =>
      JSON.stringify(savedGenerated(nb)[0]?.outputs ?? []).includes('after')
    );
    const text = JSON.stringify(savedGenerated(saved)[0].outputs);
    expect(text.match(/before/g)).toHaveLength(1);
    expect(text.match(/after/g)).toHaveLength(1);
    expect(saved.cells[0].source).toBe('users_own = 1');
  });
});
