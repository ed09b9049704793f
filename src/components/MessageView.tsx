/**
 * The transcript's text entries: the user's messages as plain text, the assistant's as
 * sanitized Markdown (rendermime, untrusted), and notices (caps, errors, stops).
 */
import React, { useEffect, useMemo, useRef } from 'react';

import type {
  IAssistantItem,
  INoticeItem,
  IUsageItem,
  IUserItem
} from '../items';
import { CommandIDs } from '../tokens';
import { AnswerView } from './AnswerView';
import { useServices } from './hooks';
import { LuminoHost } from './LuminoHost';

/** Re-rendering Markdown on every delta is wasteful; this many ms between renders at most. */
const STREAM_RENDER_INTERVAL = 120;

export const UserMessage = React.memo(function UserMessage(props: {
  item: IUserItem;
}) {
  return (
    <div className="jp-gptinterp-message jp-gptinterp-user">
      {props.item.text}
    </div>
  );
});

export const AssistantMessage = React.memo(function AssistantMessage(props: {
  item: IAssistantItem;
}) {
  const { rendermime, trans } = useServices();
  const answer = useMemo(() => new AnswerView(rendermime), []);
  useEffect(() => () => answer.dispose(), [answer]);
  useThrottledRender(answer, props.item.text, props.item.streaming);
  const { ungrounded, model, stopped } = props.item;
  return (
    <div
      className="jp-gptinterp-message jp-gptinterp-assistant"
      data-streaming={props.item.streaming ? 'true' : 'false'}
      data-stopped={stopped ? 'true' : undefined}
      data-model={model || undefined}
    >
      <LuminoHost widget={answer} />
      {stopped && (
        <div className="jp-gptinterp-stopped">
          {trans.__('Stopped: the answer ends here.')}
        </div>
      )}
      {ungrounded.length > 0 && (
        <div className="jp-gptinterp-ungrounded" role="note">
          {trans.__(
            'Check these numbers: no output the assistant saw shows them: %1',
            ungrounded.join(', ')
          )}
        </div>
      )}
    </div>
  );
});

/** A turn's cost, small and quiet: model calls and tokens as the provider counted them. */
export const Usage = React.memo(function Usage(props: { item: IUsageItem }) {
  const { trans, commands, showSent } = useServices();
  const { calls, promptTokens, completionTokens, model } = props.item;
  const tokens = promptTokens + completionTokens;
  const cost =
    tokens === 0
      ? trans.__('%1 model call(s)', calls)
      : calls === 1
        ? trans.__('%1 tokens · 1 call', tokens.toLocaleString())
        : trans.__('%1 tokens · %2 calls', tokens.toLocaleString(), calls);
  return (
    <div
      className="jp-gptinterp-usage"
      title={trans.__(
        '%1 tokens sent, %2 received, in %3 model call(s)',
        promptTokens.toLocaleString(),
        completionTokens.toLocaleString(),
        calls
      )}
    >
      {model ? `${model} · ${cost}` : cost}
      {showSent && (
        <button
          className="jp-gptinterp-show-sent"
          onClick={() => void commands.execute(CommandIDs.showSent)}
        >
          {trans.__('what was sent')}
        </button>
      )}
    </div>
  );
});

/** Errors the user can fix from the notice itself: no kernel, or a dead one. */
const KERNEL_ERRORS = new Set(['no_kernel', 'kernel_not_found', 'kernel_died']);

export const Notice = React.memo(function Notice(props: { item: INoticeItem }) {
  const { item } = props;
  const { commands, trans } = useServices();
  const fix = item.code !== null && KERNEL_ERRORS.has(item.code);
  return (
    <div
      className="jp-gptinterp-notice"
      data-level={item.level}
      data-code={item.code ?? undefined}
      role={item.level === 'error' ? 'alert' : 'status'}
    >
      {item.text}
      {fix && (
        <button
          className="jp-Button jp-mod-styled jp-mod-accept jp-gptinterp-start-kernel"
          onClick={() => void commands.execute(CommandIDs.startKernel)}
        >
          {item.code === 'kernel_died'
            ? trans.__('Restart the kernel')
            : trans.__('Start a kernel')}
        </button>
      )}
    </div>
  );
});

/**
 * Render `text` into `answer`, at most every STREAM_RENDER_INTERVAL ms while streaming and
 * at once when final. Renders never overlap; the latest text always wins.
 */
function useThrottledRender(
  answer: AnswerView,
  text: string,
  streaming: boolean
): void {
  const state = useRef({
    latest: '',
    rendered: null as string | null,
    renderedStreaming: true,
    busy: false,
    streaming: streaming,
    pause: STREAM_RENDER_INTERVAL,
    last: 0,
    timer: null as ReturnType<typeof setTimeout> | null
  });

  useEffect(() => {
    const s = state.current;
    s.latest = text;
    const run = async () => {
      s.timer = null;
      if (s.busy) {
        return; // the running loop picks up s.latest
      }
      s.busy = true;
      try {
        // The final render of an unchanged text still runs: it turns plain text into Markdown.
        while (
          (s.rendered !== s.latest || s.renderedStreaming !== s.streaming) &&
          !answer.isDisposed
        ) {
          const source = s.latest;
          const streaming = s.streaming;
          const started = performance.now();
          await answer.render(source, streaming);
          s.rendered = source;
          s.renderedStreaming = streaming;
          // Slow renders space themselves out: the page stays responsive on long answers.
          s.pause = Math.max(
            STREAM_RENDER_INTERVAL,
            4 * (performance.now() - started)
          );
        }
      } finally {
        s.busy = false; // a failed render must not stop the next ones
      }
      s.last = Date.now();
    };
    s.streaming = streaming;
    if (!streaming) {
      if (s.timer !== null) {
        clearTimeout(s.timer);
      }
      void run();
    } else if (s.timer === null) {
      const wait = s.pause - (Date.now() - s.last);
      s.timer = setTimeout(run, Math.max(0, wait));
    }
  }, [text, streaming]);

  useEffect(
    () => () => {
      if (state.current.timer !== null) {
        clearTimeout(state.current.timer);
      }
    },
    []
  );
}
