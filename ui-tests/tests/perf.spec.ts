/**
 * Benchmark 6 (issue 8), browser side: a 20,000-token streamed answer and a 10,000-line output,
 * watched with the Performance API for main-thread tasks over 50 ms. This records numbers (in
 * the test's annotations and bench/results-browser.json); it asserts only that everything
 * arrived and rendered and that the view followed it, because speed is not a pass/fail matter
 * on this noisy machine. The same scenario runs again in a page slowed 8 times, where only the
 * view's following its end is checked.
 */
import { expect, test } from '@jupyterlab/galata';
import * as fs from 'fs';
import * as path from 'path';

import { newNotebook, openSidebar, script } from './helpers';

const TOKENS = 20_000;
const LINES = 10_000;

/** Start recording long tasks; returns nothing, read them with `longTasks`. */
async function watchLongTasks(page: any): Promise<void> {
  await page.evaluate(() => {
    const w = window as any;
    w.__longTasks = [];
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver(list => {
      for (const entry of list.getEntries()) {
        w.__longTasks.push(entry.duration);
      }
    });
    w.__observer.observe({ type: 'longtask' });
  });
}

async function longTasks(page: any): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as any;
    // Entries are delivered asynchronously: take the ones still queued too.
    for (const entry of w.__observer?.takeRecords() ?? []) {
      w.__longTasks.push(entry.duration);
    }
    return w.__longTasks as number[];
  });
}

function summary(tasks: number[]) {
  return {
    count: tasks.length,
    max_ms: Math.round(Math.max(0, ...tasks)),
    total_ms: Math.round(tasks.reduce((a, b) => a + b, 0))
  };
}

// The measuring must not load the page it measures: Playwright's trace takes DOM snapshots
// (seen as 100-700 ms tasks in a CPU profile), and its expect() polls compute styles and
// accessible names. So no trace here, and waits are one cheap querySelector a second.
test.use({ trace: 'off' });

/** Click send without Playwright's polling; the request goes once the click lands. */
async function sendQuietly(page: any, panel: any, text: string) {
  await panel.locator('.jp-gptinterp-composer textarea').fill(text);
  await watchLongTasks(page);
  await panel.locator('.jp-gptinterp-send').click();
}

/** Wait until `predicate` (run in the page, with `arg`) is true, checking once a second. */
async function waitFor<T>(
  page: any,
  predicate: (arg: T) => boolean,
  arg: T,
  timeout: number
) {
  await page.waitForFunction(predicate, arg, { polling: 1000, timeout });
}

/**
 * Stream the 20,000-token answer, then run the 10,000-line cell; returns how long each took
 * and the long tasks seen while it did.
 */
async function longAnswerAndOutput(page: any, request: any, panel: any) {
  // Words of 4 characters: one token each, as the fake streams them (chunk_chars 4), in lines
  // of 12 and paragraphs of 6 lines, as a long answer has them.
  const words = Array.from({ length: TOKENS }, (_, i) =>
    i % 72 === 71 ? 'end.\n\n' : i % 12 === 11 ? 'end.\n' : 'word'
  );
  const answer = words.join('');
  const code = `for i in range(${LINES}):\n    print('line', i)`;
  await script(request, [
    { text: answer, chunk_chars: 4 },
    {
      tool_calls: [
        { name: 'run_code', arguments: { code, reason: 'many lines' } }
      ]
    },
    { text: 'Printed.' }
  ]);

  const started = Date.now();
  await sendQuietly(page, panel, 'Write a long answer');
  // Complete: no longer streaming, and the last Markdown piece has replaced the plain text.
  await waitFor(
    page,
    () => {
      const done = document.querySelector(
        '.jp-gptinterp-assistant[data-streaming="false"]'
      );
      return (
        !!done?.querySelector('.jp-RenderedMarkdown') &&
        !done.querySelector('.jp-gptinterp-plain')
      );
    },
    null,
    240_000
  );
  const streamSeconds = (Date.now() - started) / 1000;
  const stream = summary(await longTasks(page));
  const message = panel.locator('.jp-gptinterp-assistant').first();
  await expect(message).toContainText('wordwordword');
  // Rendered as Markdown in the end, every paragraph, and the plain streaming text gone.
  await expect(message.locator('.jp-RenderedMarkdown p')).toHaveCount(
    Math.ceil(TOKENS / 72)
  );
  await expect(message.locator('.jp-gptinterp-plain')).toHaveCount(0);

  await panel
    .locator('.jp-gptinterp-composer textarea')
    .fill('Print many lines');
  await panel.locator('.jp-gptinterp-send').click();
  await expect(panel.locator('.jp-gptinterp-run')).toHaveCount(1, {
    timeout: 60_000
  });
  await watchLongTasks(page);
  const before = Date.now();
  await panel.locator('.jp-gptinterp-run').click();
  await waitFor(
    page,
    (last: string) =>
      !!document
        .querySelector('.jp-Notebook .jp-gptinterp-generated .jp-OutputArea')
        ?.textContent?.includes(last) &&
      !!document.querySelector('.jp-gptinterp-proposal[data-status="done"]'),
    `line ${LINES - 1}`,
    120_000
  );
  const outputSeconds = (Date.now() - before) / 1000;
  const output = summary(await longTasks(page));
  await expect(
    page.locator('.jp-Notebook .jp-gptinterp-generated .jp-OutputArea-output')
  ).toContainText(`line ${LINES - 1}`);
  await expect(panel.locator('.jp-gptinterp-assistant').last()).toContainText(
    'Printed.'
  );
  return {
    stream_20000_tokens: { seconds: streamSeconds, long_tasks: stream },
    output_10000_lines: { seconds: outputSeconds, long_tasks: output }
  };
}

/**
 * The transcript followed the content to its end: the answer's Markdown and the card's
 * output render after the change that added them, and the view still ends at the last line.
 */
async function expectViewAtEnd(page: any) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const node = document.querySelector('.jp-gptinterp-transcript')!;
        return node.scrollHeight - node.scrollTop - node.clientHeight;
      })
    )
    .toBeLessThan(2);
}

test('browser: a 20,000-token answer and a 10,000-line output', async ({
  page,
  request
}) => {
  test.setTimeout(300_000);
  await newNotebook(page);
  const panel = await openSidebar(page);
  const measured = await longAnswerAndOutput(page, request, panel);

  // The instrument itself: a 120 ms task of our own must be seen, or "0 long tasks" means nothing.
  await watchLongTasks(page);
  await page.evaluate(() => {
    setTimeout(() => {
      const start = performance.now();
      while (performance.now() - start < 120) {
        // busy
      }
    }, 0);
  });
  await expect
    .poll(async () => Math.max(0, ...(await longTasks(page))))
    .toBeGreaterThanOrEqual(100);

  await expectViewAtEnd(page);

  const results = { date: new Date().toISOString(), ...measured };
  test.info().annotations.push({
    type: 'benchmark',
    description: JSON.stringify(results)
  });
  console.log('browser benchmark', JSON.stringify(results));
  fs.writeFileSync(
    path.resolve(__dirname, '..', '..', 'bench', 'results-browser.json'),
    JSON.stringify(results, null, 2) + '\n'
  );
});

// A page that renders slowly (a busy machine) handles a scroll event after more content has
// arrived; the view must still end at the last line. The CPU is slowed 8 times in the page.
test('the transcript keeps its end in view while the page renders slowly', async ({
  page,
  request
}) => {
  test.setTimeout(300_000);
  await newNotebook(page);
  const panel = await openSidebar(page);
  const cdp = await page.context().newCDPSession(page.context().pages()[0]);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await longAnswerAndOutput(page, request, panel);
  await expectViewAtEnd(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
