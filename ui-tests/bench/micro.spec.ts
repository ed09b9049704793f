/**
 * The browser side of `bench/micro.py` (playwright-micro.config.js; not a test, not in CI): answers streamed at a
 * model's real speed and flat out, measured in the page. For each: time from Send to the first
 * text shown, main-thread time while it streamed and rendered (CDP `Performance.getMetrics`
 * TaskDuration), tasks over 50 ms, and the time from the last token to the final Markdown.
 * `bench/micro_browser.sh` runs it against the shipped build and builds with one path plain.
 */
import { test } from '@jupyterlab/galata';
import * as fs from 'fs';

import { newNotebook, openSidebar, script } from '../tests/helpers';

test.use({ trace: 'off' });

// (label, characters, seconds between 4-character tokens)
const CASES: [string, number, number][] = [
  ['warm-up', 256, 0],
  ['50/s, 1 KB', 1024, 1 / 50],
  ['200/s, 10 KB', 10240, 1 / 200],
  ['flat out, 100 KB', 102400, 0]
];

function answerOf(chars: number): string {
  // 4-character tokens in lines of 12 and paragraphs of 6 lines, as perf.spec's answer.
  const words = Array.from({ length: chars / 4 }, (_, i) =>
    i % 72 === 71 ? 'end.\n\n' : i % 12 === 11 ? 'end.\n' : 'word'
  );
  return words.join('');
}

test('micro: answers at real speeds', async ({ page, request }) => {
  test.setTimeout(600_000);
  await newNotebook(page);
  const panel = await openSidebar(page);
  const cdp = await page.context().newCDPSession(page.context().pages()[0]);
  await cdp.send('Performance.enable');
  const taskMs = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return 1000 * metrics.find((m: any) => m.name === 'TaskDuration')!.value;
  };
  const results: Record<string, unknown> = {};
  for (const [label, chars, delay] of CASES) {
    const answer = answerOf(chars);
    await script(request, [{ text: answer, chunk_chars: 4, delay }]);
    await panel.locator('.jp-gptinterp-composer textarea').fill(label);
    const n = await panel.locator('.jp-gptinterp-assistant').count();
    await page.evaluate((n: number) => {
      const w = window as any;
      w.__micro = { tasks: [] as number[], first: 0, ended: 0, done: 0 };
      w.__microObs?.disconnect();
      w.__microObs = new PerformanceObserver(list => {
        for (const e of list.getEntries()) {
          w.__micro.tasks.push(e.duration);
        }
      });
      w.__microObs.observe({ type: 'longtask' });
      w.__microMut?.disconnect();
      w.__microMut = new MutationObserver(() => {
        const m = document.querySelectorAll('.jp-gptinterp-assistant')[n];
        if (!m) {
          return;
        }
        const now = performance.now();
        if (!w.__micro.first && (m.textContent ?? '').length > 0) {
          w.__micro.first = now;
        }
        if (!w.__micro.ended && m.getAttribute('data-streaming') === 'false') {
          w.__micro.ended = now; // the final message is in: the model has finished
        }
        if (
          !w.__micro.done &&
          m.getAttribute('data-streaming') === 'false' &&
          m.querySelector('.jp-RenderedMarkdown') &&
          !m.querySelector('.jp-gptinterp-plain')
        ) {
          w.__micro.done = now;
        }
      });
      w.__microMut.observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true
      });
      w.__micro.start = performance.now();
    }, n);
    const before = await taskMs();
    await panel.locator('.jp-gptinterp-send').click();
    await page.waitForFunction(() => (window as any).__micro.done > 0, null, {
      polling: 1000,
      timeout: 300_000
    });
    const after = await taskMs();
    const got = await page.evaluate(() => {
      const w = window as any;
      for (const e of w.__microObs.takeRecords()) {
        w.__micro.tasks.push(e.duration);
      }
      return w.__micro;
    });
    if (label === 'warm-up') {
      continue;
    }
    results[label] = {
      first_shown_ms: Math.round(got.first - got.start),
      done_ms: Math.round(got.done - got.start),
      // from the final message's arrival to its Markdown on the page
      final_render_ms: Math.round(got.done - got.ended),
      main_thread_ms: Math.round(after - before),
      long_tasks: got.tasks.length,
      long_max_ms: Math.round(Math.max(0, ...got.tasks))
    };
  }
  const line = JSON.stringify({
    variant: process.env.GPTINTERP_MICRO,
    results
  });
  console.log('micro', line);
  if (process.env.GPTINTERP_MICRO_OUT) {
    fs.appendFileSync(process.env.GPTINTERP_MICRO_OUT, line + '\n');
  }
});
