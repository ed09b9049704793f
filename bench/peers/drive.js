/**
 * Drives one peer's chat in Debian's Chromium (Playwright from ui-tests/node_modules) through the
 * bench task, as a user would: open task.ipynb, ask, press Run on each proposal (where the peer
 * asks), wait for the final answer; then start a second turn and reload the page mid-turn.
 *
 *   node drive.js '{"peer": ..., "url": ..., "token": ..., "fake": ..., "out": ..., "task": ..., "answer": ...}'
 *
 * Writes <out>/driver.json: ms timestamps (the machine's wall clock, as the fake LLM's) of the
 * message sent, of each Run press, of the final answer; the reload's outcome; screenshots.
 */
const { chromium } = require('playwright');
const fs = require('fs');
const path = require('path');

const args = JSON.parse(process.argv[2]);
const result = { steps: {}, notes: [] };
const STEPS = ['load', 'fail', 'fix'];
const RELOAD_TASK = '[bench reload] Print a marker once more.';

function save() {
  fs.writeFileSync(
    path.join(args.out, 'driver.json'),
    JSON.stringify(result, null, 1)
  );
}

async function requestsSoFar() {
  const res = await fetch(`${args.fake}/_admin/requests`);
  return (await res.json()).length;
}

async function openNotebook(page) {
  await page.goto(`${args.url}/lab/tree/task.ipynb?token=${args.token}`);
  await page.waitForSelector('.jp-Notebook .jp-Cell', { timeout: 120000 });
  // The status bar names the kernel once the session has one and it is idle (the toolbar's
  // execution indicator is not there in every peer: Mito replaces the toolbar).
  await page
    .locator('.jp-StatusBar-Widget', { hasText: /ipykernel\) \| Idle/ })
    .first()
    .waitFor({ timeout: 120000 });
}

/**
 * In the page: note when a notebook cell starts running (its prompt shows [*]) and its source,
 * for peers that run cells themselves (no Run press to time from).
 */
function watchExecutions() {
  window.__benchExecutions = [];
  const seen = new WeakMap();
  const scan = () => {
    for (const prompt of document.querySelectorAll(
      '.jp-CodeCell .jp-InputPrompt'
    )) {
      const running = prompt.textContent.includes('*');
      if (running && !seen.get(prompt)) {
        const cell = prompt.closest('.jp-CodeCell');
        const editor = cell && cell.querySelector('.cm-content');
        window.__benchExecutions.push({
          t: Date.now(),
          source: editor ? editor.innerText : ''
        });
      }
      seen.set(prompt, running);
    }
  };
  const start = () =>
    new MutationObserver(scan).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true
    });
  if (document.body) {
    start();
  } else {
    document.addEventListener('DOMContentLoaded', start);
  }
}

async function collectExecutions(page) {
  const runs = await page
    .evaluate(() => window.__benchExecutions || [])
    .catch(() => []);
  result.executions = (result.executions || []).concat(runs);
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(args.out, `${name}.png`) });
}

/**
 * Send the task, wait up to 240 s for `answer` (a locator of the final answer), keep the end of
 * the chat's text (`chatText()`) and a screenshot; a run without the answer fails.
 */
async function askAndAwaitAnswer(page, send, answer, chatText) {
  result.sent_at = Date.now();
  await send(args.task);
  const answered = await answer
    .waitFor({ timeout: 240000 })
    .then(() => true)
    .catch(() => false);
  result.chat_text = (await chatText()).slice(-2000);
  await shot(page, 'answered');
  if (!answered) {
    throw new Error('no final answer in the chat within 240 s');
  }
  result.answered_at = Date.now();
}

const cellCount = page => page.locator('.jp-Notebook .jp-Cell').count();

/** Cells of task.ipynb as saved on disk (the Contents API): did the peer save its cells? */
async function cellsOnDisk() {
  const res = await fetch(
    `${args.url}/api/contents/task.ipynb?content=1&token=${args.token}`
  );
  return (await res.json()).content.cells.length;
}

/** The product: approve each proposal with Run, as soon as it shows. */
async function gptinterp(page) {
  const openSidebar = async () => {
    if (!(await page.locator('.jp-gptinterp-panel').isVisible())) {
      await page.click('.lm-TabBar-tab[data-id="jp-gptinterp-sidebar"]');
    }
    await page.waitForSelector('.jp-gptinterp-panel[data-status="connected"]', {
      timeout: 60000
    });
  };
  const send = async text => {
    await page.fill('.jp-gptinterp-composer textarea', text);
    await page.click('.jp-gptinterp-send');
  };
  await openSidebar();
  result.sent_at = Date.now();
  await send(args.task);
  for (const step of STEPS) {
    const card = page.locator('.jp-gptinterp-proposal[data-status="pending"]');
    await card.waitFor({ timeout: 120000 });
    result.steps[step] = Date.now();
    await card.locator('.jp-gptinterp-run').click();
    await page
      .locator('.jp-gptinterp-proposal[data-status="pending"]')
      .waitFor({ state: 'detached', timeout: 60000 });
  }
  await page
    .locator('.jp-gptinterp-assistant', { hasText: args.answer })
    .waitFor({ timeout: 120000 });
  result.answered_at = Date.now();
  await shot(page, 'answered');

  // Reload mid-turn: a second request whose proposal is pending when the page reloads.
  await collectExecutions(page);
  result.requests_before_reload = await requestsSoFar();
  await send(RELOAD_TASK);
  await page
    .locator('.jp-gptinterp-proposal[data-status="pending"]')
    .waitFor({ timeout: 120000 });
  const before = await cellCount(page);
  const saved = await cellsOnDisk();
  await page.reload();
  await page.waitForSelector('.jp-Notebook .jp-Cell', { timeout: 120000 });
  await openSidebar();
  const after = await cellCount(page);
  const card = page.locator('.jp-gptinterp-proposal[data-status="pending"]');
  const kept = await card
    .waitFor({ timeout: 30000 })
    .then(() => true)
    .catch(() => false);
  let finished = false;
  if (kept) {
    await card.locator('.jp-gptinterp-run').click();
    finished = await page
      .locator('.jp-gptinterp-assistant', {
        hasText: 'Printed after the reload.'
      })
      .waitFor({ timeout: 120000 })
      .then(() => true)
      .catch(() => false);
  }
  await shot(page, 'after-reload');
  result.reload =
    `notebook ${after === before ? 'intact' : `changed (${before} → ${after} cells; ${saved} saved)`}; ` +
    `pending proposal ${kept ? 'kept' : 'lost'}` +
    (kept
      ? `; ${finished ? 'approved after the reload, the turn finished' : 'the turn did not finish'}`
      : '');
}

/** Run a command by its palette label, as a user would. */
async function palette(page, label) {
  await page.keyboard.press('Control+Shift+C');
  await page.fill('.lm-CommandPalette-input', label);
  await page
    .locator('.lm-CommandPalette-item', { hasText: label })
    .first()
    .click();
}

/** Poll the fake for a request whose last message matches, up to `ms`. */
async function waitRequest(pattern, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const res = await fetch(`${args.fake}/_admin/requests`);
    const bodies = await res.json();
    if (bodies.some(b => pattern.test(JSON.stringify(b.messages || [])))) {
      return true;
    }
    await new Promise(r => setTimeout(r, 250));
  }
  return false;
}

/**
 * Reload while a peer's reply is still streaming (the fake streams it slowly): is the notebook
 * as it was, and does the reply reach the chat after the reload?
 */
async function reloadWhileStreaming(page, send, reopen, chat) {
  await collectExecutions(page);
  result.requests_before_reload = await requestsSoFar();
  await send(RELOAD_TASK);
  await waitRequest(/bench reload/, 60000);
  await page.waitForTimeout(1000);
  const before = await cellCount(page);
  const saved = await cellsOnDisk();
  await page.reload();
  await page.waitForSelector('.jp-Notebook .jp-Cell', { timeout: 120000 });
  await page.waitForTimeout(3000);
  const after = await cellCount(page);
  await reopen();
  const finished = await chat()
    .filter({ hasText: 'Printed after the reload.' })
    .first()
    .waitFor({ timeout: 90000 })
    .then(() => true)
    .catch(() => false);
  await shot(page, 'after-reload');
  result.reload =
    `notebook ${after === before ? 'intact' : `changed (${before} → ${after} cells; ${saved} saved)`}; ` +
    (finished
      ? 'the reply being written reached the chat after the reload'
      : 'the reply being written never showed after the reload');
}

/** jupyter-ai: a chat (jupyterlab-chat) beside the notebook; Jupyternaut runs its tools itself. */
async function jupyterAi(page) {
  // The chat in its side panel, so the notebook stays the active document (Jupyternaut's
  // run_cell acts on the active notebook).
  const sidePanel = () =>
    page.locator('.jp-SideBar .lm-TabBar-tab[title*="hat"]').first().click();
  await sidePanel();
  await page.locator('.jp-chat-sidepanel .jp-chat-add').first().click();
  await page.waitForTimeout(1000);
  if (
    await page
      .locator('.jp-Dialog')
      .isVisible()
      .catch(() => false)
  ) {
    await page.keyboard.press('Enter');
  }
  const input = page.locator('.jp-chat-input-container textarea').first();
  await input.waitFor({ timeout: 60000 });
  const send = async text => {
    await input.click();
    await input.fill(`@Jupyternaut ${text}`);
    await page.waitForTimeout(300);
    await page.keyboard.press('Escape'); // close the mention popup, if any
    await page.locator('.jp-chat-send-button').first().click();
  };
  await askAndAwaitAnswer(
    page,
    send,
    page.locator('.jp-chat-message', { hasText: args.answer }),
    () => page.locator('.jp-chat-messages-container').first().innerText()
  );
  await reloadWhileStreaming(
    page,
    send,
    async () => {
      // The chat's file, opened from the file browser (the side panel comes back empty).
      const browser = page.locator(
        '.jp-SideBar .lm-TabBar-tab[data-id="filebrowser"]'
      );
      if (!(await page.locator('.jp-FileBrowser').isVisible())) {
        await browser.click();
      }
      await page
        .locator('.jp-DirListing-item', { hasText: '.chat' })
        .first()
        .dblclick();
    },
    () => page.locator('.jp-chat-message:visible')
  );
}

/** Notebook Intelligence: its sidebar in Agent mode, with its notebook tools. */
async function nbi(page) {
  const tab = '.lm-TabBar-tab[data-id="notebook-intelligence-tab"]';
  // Its first-run tour shows over the page (when depends on load): skip it, as a user would.
  const skipTour = async ms => {
    const skip = page.locator('.nbi-tour-skip-link').first();
    if (
      await skip.waitFor({ timeout: ms }).then(
        () => true,
        () => false
      )
    ) {
      await skip.click();
      await skip
        .waitFor({ state: 'detached', timeout: 10000 })
        .catch(() => undefined);
    }
  };
  const open = async () => {
    await skipTour(5000);
    if (!(await page.locator('.sidebar-user-input').first().isVisible())) {
      await page.click(tab);
    }
    await page
      .locator('.sidebar-user-input')
      .first()
      .waitFor({ timeout: 60000 });
  };
  await open();
  await skipTour(3000);
  await shot(page, 'nbi-open');
  const mode = page
    .locator('select.chat-mode-select, .chat-mode-select select')
    .first();
  if (await mode.isVisible().catch(() => false)) {
    const options = await mode.locator('option').allTextContents();
    result.notes.push(`modes: ${options.join(', ')}`);
    const agent = options.find(o => /agent/i.test(o));
    if (agent) {
      await mode.selectOption({ label: agent });
    }
  }
  await page.waitForTimeout(500);
  // Agent mode starts with no tools: tick its built-in notebook toolsets, as a user would.
  await page.locator('button.tools-button').first().click();
  for (const label of ['Notebook edit', 'Notebook execute']) {
    const item = page
      .locator('.mode-tools-group-built-in .checkbox-item', { hasText: label })
      .first();
    await item.waitFor({ timeout: 30000 });
    if ((await item.getAttribute('aria-checked')) !== 'true') {
      await item.click();
    }
  }
  await shot(page, 'nbi-tools');
  await page.locator('.mode-tools-popover-done-button').first().click();
  await shot(page, 'nbi-agent');
  const input = page.locator('.sidebar-user-input textarea').first();
  const send = async text => {
    await input.click();
    await input.fill(text);
    await page.keyboard.press('Enter');
  };
  await askAndAwaitAnswer(
    page,
    send,
    page.locator('.sidebar-messages', { hasText: args.answer }),
    () => page.locator('.sidebar-messages').first().innerText()
  );
  await reloadWhileStreaming(page, send, open, () =>
    page.locator('.sidebar-messages:visible')
  );
}

/** Mito AI: its sidebar in Agent mode, which writes and runs cells itself until finished. */
async function mito(page) {
  const input = page.locator('#mito_ai textarea.chat-input').first();
  const open = async () => {
    if (!(await page.locator('#mito_ai').isVisible())) {
      await page.click('.lm-TabBar-tab[data-id="mito_ai"]');
    }
    // First use asks for an email (stored locally, in ~/.mito/user.json).
    const email = page.locator('#mito_ai .signup-form-input');
    if (
      await email.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false
      )
    ) {
      await email.fill('bench@example.invalid');
      await page.locator('#mito_ai .signup-form-button').click();
    }
    await input.waitFor({ timeout: 60000 });
  };
  await open();
  const agent = page.locator('#mito_ai .toggle-button-half', {
    hasText: 'Agent'
  });
  if (await agent.isVisible().catch(() => false)) {
    if (!/\bselected\b/.test((await agent.getAttribute('class')) || '')) {
      await agent.click();
    }
  } else {
    result.notes.push('no Chat/Agent toggle seen');
  }
  // The sidebar starts on a Claude model (Anthropic's client, no key here); the OpenAI route is
  // the one OLLAMA_BASE_URL points at the fake (OLLAMA_MODEL replaces the model's name).
  await page.locator('#mito_ai [data-testid="model-selector"]').first().click();
  await page
    .locator('#mito_ai .model-option', { hasText: /GPT.?4\.1|gpt-4\.1/i })
    .first()
    .click({ timeout: 30000 });
  result.notes.push(
    'model: ' +
      (await page.locator('#mito_ai .selected-model').first().innerText())
  );
  await shot(page, 'mito-agent');
  const send = async text => {
    await input.click();
    await input.fill(text);
    await page.keyboard.press('Enter');
  };
  const chat = () => page.locator('#mito_ai .chat-messages');
  await askAndAwaitAnswer(
    page,
    send,
    chat().filter({ hasText: args.answer }).first(),
    () =>
      chat()
        .first()
        .innerText()
        .catch(() => '')
  );
  await reloadWhileStreaming(page, send, open, () =>
    page.locator('#mito_ai .chat-messages:visible')
  );
}

const PEERS = {
  gptinterp,
  'jupyter-ai': jupyterAi,
  'notebook-intelligence': nbi,
  'mito-ai': mito
};

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run'
    ]
  });
  const page = await browser.newPage({
    viewport: { width: 1400, height: 900 }
  });
  try {
    const drive = PEERS[args.peer];
    if (!drive) {
      throw new Error(`no driver for ${args.peer}`);
    }
    await page.addInitScript(watchExecutions);
    await openNotebook(page);
    await drive(page);
  } catch (err) {
    result.error = String(
      err && err.message ? err.message.split('\n')[0] : err
    );
    if (!result.requests_before_reload) {
      await collectExecutions(page);
    }
    await shot(page, 'failed').catch(() => undefined);
    process.exitCode = 1;
  } finally {
    save();
    await browser.close();
  }
})();
