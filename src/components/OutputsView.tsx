/**
 * What a card shows of an execution besides its status: how long it has been running (ticking
 * while it runs), its outputs collapsed to a few hundred pixels with a "Show all" toggle, and the
 * files the code wrote, as links that open in JupyterLab or download (images previewed inline).
 */
import { URLExt } from '@jupyterlab/coreutils';
import type * as nbformat from '@jupyterlab/nbformat';
import { ServerConnection } from '@jupyterlab/services';
import React, { useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { IProposalItem } from '../items';
import type { WrittenFile } from '../protocol';
import { useServices } from './hooks';

/** Outputs taller than this (px, ~30 lines) are collapsed. */
export const COLLAPSED_HEIGHT = 300;

/** '4.2 s', '1 min 05 s'. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) {
    return `${s < 10 ? s.toFixed(1) : Math.floor(s)} s`;
  }
  const min = Math.floor(s / 60);
  const sec = Math.floor(s % 60);
  return `${min} min ${String(sec).padStart(2, '0')} s`;
}

/** '12 KB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** How long the execution has run: ticks while it runs, then the final time. */
export function Elapsed(props: { item: IProposalItem }): JSX.Element | null {
  const { item } = props;
  const { trans } = useServices();
  const running = item.status === 'running';
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) {
      return;
    }
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [running]);
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
