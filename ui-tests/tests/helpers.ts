/**
 * What the UI tests share: scripting the fake OpenAI-compatible LLM (tests/fake_llm.py, started
 * by jupyter_server_test_config.py), a new notebook with an idle kernel, and the sidebar.
 */
import { expect, IJupyterLabPageFixture } from '@jupyterlab/galata';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import * as path from 'path';

export const FAKE = `http://127.0.0.1:${process.env.GPTINTERP_FAKE_LLM_PORT ?? '18765'}`;
export const SIDEBAR_ID = 'jp-gptinterp-sidebar';
export const SCREENSHOTS = path.resolve(__dirname, '..', 'screenshots');

/** The model's next replies, in order (the fake's script format). */
export async function script(
  request: APIRequestContext,
  replies: unknown[]
): Promise<void> {
  expect((await request.post(`${FAKE}/_admin/reset`)).ok()).toBeTruthy();
  const scripted = await request.post(`${FAKE}/_admin/script`, {
    data: replies
  });
  expect(scripted.ok()).toBeTruthy();
}

/** A new notebook whose kernel is idle. */
export async function newNotebook(page: IJupyterLabPageFixture): Promise<void> {
  await page.notebook.createNew();
  await expect(
    page.locator('.jp-Notebook-ExecutionIndicator[data-status="idle"]')
  ).toHaveCount(1, { timeout: 60_000 });
}

/** Open the sidebar and wait until its websocket is connected. */
export async function openSidebar(
  page: IJupyterLabPageFixture
): Promise<Locator> {
  await page.sidebar.openTab(SIDEBAR_ID);
  const panel = page.locator('.jp-gptinterp-panel');
  await expect(panel).toHaveAttribute('data-status', 'connected', {
    timeout: 30_000
  });
  return panel;
}

/** Turn on the setting that offers, under each answer, what the model was sent. */
export async function showSent(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registry = await (window as any).galata.getPlugin(
      '@jupyterlab/apputils-extension:settings'
    );
    await registry.set('jupyterlab-gptinterp:plugin', 'showSent', true);
  });
}

/** A new notebook, and the sidebar on the small model that proposes code as a python block. */
export async function fencedChat(
  page: IJupyterLabPageFixture
): Promise<Locator> {
  await newNotebook(page);
  const panel = await openSidebar(page);
  await panel
    .locator('.jp-gptinterp-model-picker select')
    .selectOption('fake/fake-small');
  return panel;
}

/**
 * After a page load: JupyterLab is up, the sidebar is open and connected, and the chat's
 * history has arrived. Checks made after this do not race the (slow, on a busy machine) load.
 */
export async function reloadedChat(page: Page): Promise<Locator> {
  await expect(page.locator('#jupyterlab-splash')).toHaveCount(0, {
    timeout: 60_000
  });
  // Activated, not clicked: the page may restore the sidebar open, and a click would close it.
  // Again until it shows: a layout restored after the activation (a slow page) can close it.
  await expect(async () => {
    await page.evaluate(
      id => (window as any).jupyterapp.shell.activateById(id),
      SIDEBAR_ID
    );
    await expect(page.locator(`#${SIDEBAR_ID}`)).toBeVisible({
      timeout: 2_000
    });
  }).toPass({ timeout: 60_000 });
  const panel = page.locator('.jp-gptinterp-panel');
  await expect(panel).toHaveAttribute('data-status', 'connected', {
    timeout: 60_000
  });
  await expect(panel.locator('.jp-gptinterp-transcript')).toHaveAttribute(
    'data-loaded',
    'true',
    { timeout: 60_000 }
  );
  return panel;
}

export async function send(panel: Locator, text: string): Promise<void> {
  const composer = panel.locator('.jp-gptinterp-composer textarea');
  await composer.fill(text);
  await panel.locator('.jp-gptinterp-send').click();
  // The first message of a cold server (a collaborative notebook's first sync, on a busy
  // machine) took over 15 s to come back as the user's bubble once in CI.
  await expect(panel.locator('.jp-gptinterp-user').last()).toContainText(text, {
    timeout: 60_000
  });
}

/** A request the fake LLM received (as the OpenAI API body). */
export type FakeRequest = {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
};

/** Every request the fake LLM received since the last `script`. */
export async function fakeRequests(
  request: APIRequestContext
): Promise<FakeRequest[]> {
  const response = await request.get(`${FAKE}/_admin/requests`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as FakeRequest[];
}

/** The text of a request message, whatever shape its content has. */
export function contentText(message: { content: unknown } | undefined): string {
  const content = message?.content;
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}

/** A scripted reply that calls run_code. */
export const runCode = (code: string, reason: string) => ({
  tool_calls: [{ name: 'run_code', arguments: { code, reason } }]
});
