/**
 * What the server is told about a notebook with each message: its path, kernel, active cell
 * and a compact, bounded view of its cells. The browser sends it because the notebook may be
 * unsaved; the bounds keep a huge notebook within the server's message limits.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type { NotebookPanel } from '@jupyterlab/notebook';

import { VIEW_LIMITS as LIMITS } from './protocol';
import type { CellView, NotebookView } from './protocol';

export function notebookView(panel: NotebookPanel): NotebookView {
  const notebook = panel.content;
  const cells = notebook.model ? Array.from(notebook.model.cells) : [];
  const active = Math.max(
    0,
    Math.min(notebook.activeCellIndex, cells.length - 1)
  );
  const views = new Map<number, CellView>();
  let budget = LIMITS.total;
  for (const index of nearest(active, cells.length, LIMITS.cells)) {
    const view = cellView(cells[index]);
    budget -= size(view);
    if (budget < 0) {
      break;
    }
    views.set(index, view);
  }
  return {
    path: panel.context.path,
    kernel_id: panel.sessionContext.session?.kernel?.id ?? null,
    active_cell_id: notebook.activeCell?.model.id ?? null,
    cells: Array.from(views.keys())
      .sort((a, b) => a - b)
      .map(i => views.get(i)!)
  };
}

export function cellView(cell: ICellModel): CellView {
  const view: CellView = {
    id: cell.id,
    cell_type:
      cell.type === 'code' || cell.type === 'markdown' ? cell.type : 'raw',
    source: truncate(cell.sharedModel.getSource(), LIMITS.source)
  };
  if (cell.type === 'code') {
    const code = cell as ICodeCellModel;
    view.execution_count = code.executionCount ?? null;
    view.outputs = code.outputs
      .toJSON()
      .slice(-LIMITS.outputs_per_cell)
      .map(o => truncate(outputText(o), LIMITS.output));
  }
  return view;
}

/** One output as text, as the model can read it (images and HTML only named). */
export function outputText(output: nbformat.IOutput): string {
  switch (output.output_type) {
    case 'stream':
      return joined((output as nbformat.IStream).text);
    case 'error': {
      const error = output as nbformat.IError;
      const traceback = (error.traceback ?? []).join('\n');
      return stripAnsi(traceback || `${error.ename}: ${error.evalue}`);
    }
    case 'execute_result':
    case 'display_data':
      return mimeText((output as nbformat.IDisplayData).data ?? {});
    default:
      return '';
  }
}

function mimeText(data: nbformat.IMimeBundle): string {
  for (const [mime, label] of [
    ['image/png', 'PNG'],
    ['image/jpeg', 'JPEG'],
    ['image/svg+xml', 'SVG']
  ]) {
    if (mime in data) {
      return `[${label} image]`;
    }
  }
  const text = data['text/plain'];
  if (text !== undefined) {
    return joined(text as string | string[]);
  }
  return `[output of type ${Object.keys(data).sort().join(', ')}]`;
}

/** Indices from `center` outwards, alternately after and before, at most `count`. */
function* nearest(center: number, length: number, count: number) {
  let yielded = 0;
  for (
    let d = 0;
    yielded < count && (center + d < length || center - d >= 0);
    d++
  ) {
    for (const i of d === 0 ? [center] : [center + d, center - d]) {
      if (i >= 0 && i < length && yielded < count) {
        yielded++;
        yield i;
      }
    }
  }
}

function size(view: CellView): number {
  return (
    view.source.length + (view.outputs ?? []).reduce((n, o) => n + o.length, 0)
  );
}

function joined(text: string | string[]): string {
  return Array.isArray(text) ? text.join('') : String(text ?? '');
}

/** Head and tail within `limit` characters: a traceback's last lines matter most. */
export function truncate(text: string, limit: number): string {
  if (text.length <= limit) {
    return text;
  }
  const half = Math.floor(limit / 2);
  const cut = text.length - 2 * half;
  return `${text.slice(0, half)}\n[... ${cut} characters cut ...]\n${text.slice(-half)}`;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07/g;

function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
