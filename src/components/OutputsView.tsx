/**
 * What a card shows of an execution besides its status: how long it has been running (ticking
 * while it runs), its outputs (rendered untrusted) collapsed to a few hundred pixels with a
 * "Show all" toggle, and the files the code wrote, as links that open in JupyterLab or
 * download (images previewed inline).
 */
import { URLExt } from '@jupyterlab/coreutils';
import type * as nbformat from '@jupyterlab/nbformat';
import { OutputArea, OutputAreaModel } from '@jupyterlab/outputarea';
import { ServerConnection } from '@jupyterlab/services';
import React, {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState
} from 'react';

import { formatElapsed, formatSize } from '../format';
import type { IProposalItem } from '../items';
import type { WrittenFile } from '../protocol';
import { CommandIDs } from '../tokens';
import { useNow, useServices } from './hooks';
import { LuminoHost } from './LuminoHost';
import { watchOutputAccess } from './outputaccess';

/** Outputs taller than this (px, ~30 lines) are collapsed. */
export const COLLAPSED_HEIGHT = 300;

/** How long the execution has run: ticks while it runs, then the final time. */
export function Elapsed(props: { item: IProposalItem }): JSX.Element | null {
  const { item } = props;
  const { trans } = useServices();
  const running = item.status === 'running';
  const now = useNow(running ? 100 : null);
  if (item.startedAt === null) {
    return null;
  }
  const ms = running ? now - item.startedAt : item.elapsed;
  if (ms === null) {
    return null;
  }
  return (
    <span
      className="jp-gptinterp-elapsed"
      data-running={running ? 'true' : 'false'}
      title={running ? trans.__('Running for') : trans.__('Ran for')}
    >
      {running && <span className="jp-gptinterp-spinner" aria-hidden="true" />}
      {formatElapsed(ms)}
    </span>
  );
}

/** Lines of stream output a collapsed card renders (it shows ~17; the rest waits for Show all). */
export const HEAD_LINES = 60;

/**
 * Cut `output`, a stream, to the `room` lines left: what to show (null: nothing) and how many
 * lines that is. Other outputs are shown whole.
 */
export function streamHead(
  output: nbformat.IOutput,
  room: number
): { shown: nbformat.IOutput | null; lines: number } {
  if (output.output_type !== 'stream') {
    return { shown: output, lines: 0 };
  }
  const raw = (output as nbformat.IStream).text;
  const text = Array.isArray(raw) ? raw.join('') : raw;
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') {
    lines.pop(); // the text's final newline ends a line, it does not start one
  }
  if (lines.length <= room) {
    return { shown: output, lines: lines.length };
  }
  const head = lines.slice(0, Math.max(room, 0));
  return {
    shown: head.length ? { ...output, text: head.join('\n') + '\n' } : null,
    lines: head.length
  };
}

/**
 * Children cut to COLLAPSED_HEIGHT with a fade when taller, and a toggle to see all. A function
 * child is told whether the user opened it (to render less while closed).
 */
export function Collapsible(props: {
  children: React.ReactNode | ((open: boolean) => React.ReactNode);
}): JSX.Element {
  const { trans } = useServices();
  const inner = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const node = inner.current;
    if (!node) {
      return;
    }
    const measure = () => setTall(node.scrollHeight > COLLAPSED_HEIGHT + 24);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    // Streamed outputs add nodes without resizing the observed box while it is clipped.
    const mutations = new MutationObserver(measure);
    mutations.observe(node, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      mutations.disconnect();
    };
  }, []);

  const collapsed = tall && !open;
  return (
    <div
      className="jp-gptinterp-collapsible"
      data-collapsed={collapsed ? 'true' : 'false'}
    >
      <div
        ref={inner}
        className="jp-gptinterp-collapsible-body"
        style={collapsed ? { maxHeight: COLLAPSED_HEIGHT } : undefined}
      >
        {typeof props.children === 'function'
          ? props.children(open)
          : props.children}
      </div>
      {tall && (
        <button
          className="jp-Button jp-mod-styled jp-mod-minimal jp-gptinterp-show-all"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? trans.__('Show less') : trans.__('Show all')}
        </button>
      )}
    </div>
  );
}

/** The URL the server serves a file at (the /files handler, authenticated by the session). */
export function fileUrl(path: string, download = false): string {
  const url = URLExt.join(
    ServerConnection.makeSettings().baseUrl,
    'files',
    URLExt.encodeParts(path)
  );
  return download ? `${url}?download=1` : url;
}

/** The files an execution wrote: open in JupyterLab, download, images previewed. */
export function WrittenFiles(props: {
  files: ReadonlyArray<WrittenFile>;
}): JSX.Element | null {
  const { commands, trans } = useServices();
  const { files } = props;
  if (!files.length) {
    return null;
  }
  return (
    <div className="jp-gptinterp-files">
      <div className="jp-gptinterp-files-title">
        {trans.__('Files written')}
      </div>
      <ul>
        {files.map(file => (
          <li
            key={file.path}
            className="jp-gptinterp-file"
            data-path={file.path}
          >
            <a
              href={fileUrl(file.path)}
              className="jp-gptinterp-file-open"
              title={trans.__('Open %1 in JupyterLab', file.path)}
              onClick={e => {
                e.preventDefault();
                void commands.execute('docmanager:open', { path: file.path });
              }}
            >
              {file.name}
            </a>
            <span className="jp-gptinterp-file-meta">
              {file.new ? trans.__('new') : trans.__('changed')},{' '}
              {formatSize(file.size)}
            </span>
            <a
              href={fileUrl(file.path, true)}
              download={file.name}
              className="jp-gptinterp-file-download"
              title={trans.__('Download %1', file.name)}
            >
              {trans.__('Download')}
            </a>
            {/^image\/(png|jpeg|gif|webp)$/.test(file.mime) && (
              <img
                className="jp-gptinterp-file-preview"
                src={fileUrl(file.path)}
                alt={file.name}
                loading="lazy"
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The execution's outputs as they stream, untrusted (no scripts, sanitized HTML). With
 * `headLines`, only that many lines of stream output are rendered: a collapsed card shows
 * ~17 of them, and laying out 10,000 clipped lines cost ~80 ms a time.
 */
export function Outputs(props: {
  item: IProposalItem;
  headLines?: number | null;
}) {
  const { rendermime, commands, trans } = useServices();
  const area = useMemo(
    () =>
      new OutputArea({
        model: new OutputAreaModel({ trusted: false }),
        rendermime
      }),
    []
  );
  useEffect(() => {
    const watch = watchOutputAccess(area, {
      open: (src, name) =>
        void commands.execute(CommandIDs.openImage, { src, name }),
      trans
    });
    return () => watch.dispose();
  }, []);
  // Counted here: the area merges consecutive stream outputs, so its length differs.
  const added = useRef({ outputs: 0, lines: 0, limit: null as number | null });
  const { outputs } = props.item;
  const limit = props.headLines ?? null;

  useEffect(() => {
    if (
      outputs.length < added.current.outputs ||
      limit !== added.current.limit
    ) {
      area.model.clear();
      added.current = { outputs: 0, lines: 0, limit };
    }
    const state = added.current;
    for (; state.outputs < outputs.length; state.outputs++) {
      const output = outputs[state.outputs] as nbformat.IOutput;
      if (limit === null) {
        area.model.add(output);
        continue;
      }
      const head = streamHead(output, limit - state.lines);
      if (head.shown) {
        area.model.add(head.shown);
      }
      state.lines += head.lines;
    }
  }, [outputs, limit]);

  useEffect(
    () => () => {
      area.model.dispose();
      area.dispose();
    },
    []
  );

  return <LuminoHost widget={area} className="jp-gptinterp-outputs" />;
}
