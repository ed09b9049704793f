/**
 * What the UI tests share: scripting the fake OpenAI-compatible LLM (tests/fake_llm.py, started
 * by jupyter_server_test_config.py), a new notebook with an idle kernel, and the sidebar.
 */
import { expect, IJupyterLabPageFixture } from '@jupyterlab/galata';
import type { APIRequestContext, Locator } from '@playwright/test';
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

export async function send(panel: Locator, text: string): Promise<void> {
  const composer = panel.locator('.jp-gptinterp-composer textarea');
  await composer.fill(text);
  await panel.locator('.jp-gptinterp-send').click();
  await expect(panel.locator('.jp-gptinterp-user').last()).toContainText(text);
}
