/**
 * NotebookMirror: shows in the user's notebook what the server runs in its kernel. The code
 * runs server-side; this only inserts the approved cell, fills its outputs and sets its
 * execution count, so the notebook reads as if the user had run the cell.
 *
 * Idempotent by proposal id (a cell carrying `gptinterp.proposal_id` is reused) and by output
 * index, because reconnects and page reloads replay events. With real-time collaboration the
 * tabs that have a notebook open share one document, so each generated cell has one writer: the
 * page that inserted it (named in the cell's metadata); were every tab to add the outputs, the
 * shared document would hold them once per tab. Two tabs that inserted the same run's cell at
 * once keep the one of the lower page id (the other page deletes its own).
 * A notebook (re)opened while this page knows its executions gets them refilled from the events
 * (a run that went on while it was closed is complete when it opens again). History replayed when a chat is
 * first opened is not mirrored (the saved notebook already holds it, and the user may have
 * deleted those cells since), except an execution still running, which is picked up, and one
 * that went on after the notebook was last saved: a page reloaded before a save lost its cell,
 * which the file never held, so it is written again.
 */
import type * as nbformat from '@jupyterlab/nbformat';
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';

import type {
  ExecutionEvent,
  ICellReplacement,
  INotebookEdits
} from './notebookedits';
import type { ExecutionDone, ExecutionStarted } from './protocol';
import { replacementState } from './replacement';

/** The metadata key on generated cells and on the notebook (its chat id). */
export const METADATA_KEY = 'gptinterp';

/** This page, as the writer of the generated cells it inserts into a shared notebook. */
const PAGE_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const GENERATED_CLASS = 'jp-gptinterp-generated';

interface IExecution {
  readonly started: ExecutionStarted;
  /** For a fix run in place: the source the fix was made for (see `_target`). */
  readonly oldSource: string | null;
  readonly outputs: nbformat.IOutput[];
  done: ExecutionDone | null;
  /** The mirrored cell's id, once this page has inserted or adopted it. */
  cellId: string | null;
  /** How many outputs went into that cell. */
  applied: number;
  /** Known from a replay of the chat's history: written only if still running at its end. */
  replayed: boolean;
  /** The fix's cell had been edited: the run went into a new cell below it. */
  diverted?: boolean;
  /** The server time (s) of its latest event. */
  last: number;
  /** Replayed and finished: written again if it went on after the notebook's last save. */
  restore?: boolean;
}

export class NotebookMirror implements INotebookEdits {
  constructor(options: NotebookMirror.IOptions) {
    this._tracker = options.tracker;
    this._label = options.label;
  }

  /**
   * @param oldSource - for a fix that runs in place, the source it was made for: the cell
   *   is only overwritten while it still holds that source.
   */
  handle(
    event: ExecutionEvent,
    replay: boolean,
    oldSource: string | null = null
  ): void {
    if (event.type === 'execution_started') {
      if (!this._executions.has(event.proposal_id)) {
        this._executions.set(event.proposal_id, {
          started: event,
          oldSource,
          outputs: [],
          done: null,
          cellId: null,
          applied: 0,
          replayed: replay,
          last: event.ts
        });
      }
      if (!replay) {
        this._materialize(event.proposal_id);
      }
      return;
    }
    const execution = this._executions.get(event.proposal_id);
    if (!execution) {
      return;
    }
    execution.last = Math.max(execution.last, event.ts);
    if (event.type === 'execution_output') {
      execution.outputs[event.index] = event.output as nbformat.IOutput;
      this._applyOutputs(execution);
    } else {
      execution.done = event;
      this._applyDone(execution);
    }
  }

  /** The chat's history has been replayed: pick up executions that are still running. */
  endReplay(chatId: string): void {
    for (const [proposalId, execution] of this._executions) {
      const mine = execution.started.chat_id === chatId;
      if (!mine || execution.cellId !== null || !execution.replayed) {
        continue;
      }
      if (execution.done === null) {
        execution.replayed = false;
        this._materialize(proposalId);
      } else {
        execution.restore = true;
        this._restore(proposalId);
      }
    }
  }

  /**
   * A finished run known from a replay: written again when it went on after the notebook was
   * last saved (its notebook must be open and loaded to tell; else when it is), else forgotten.
   */
  private _restore(proposalId: string): void {
    const execution = this._executions.get(proposalId)!;
    const panel = this._panel(execution.started.notebook_path);
    if (!panel?.context.isReady) {
      return;
    }
    execution.restore = false;
    const saved = Date.parse(panel.context.contentsModel?.last_modified ?? '');
    if (!Number.isNaN(saved) && execution.last * 1000 > saved) {
      execution.replayed = false;
      this._materialize(proposalId);
    } else {
      this._executions.delete(proposalId);
    }
  }

  /**
   * An accepted fix that does not run: put its code into the cell, through the notebook's
   * model so that the notebook's undo reverts it. Never over an edit made since the proposal.
   */
  replaceCell(replacement: ICellReplacement): boolean {
    const cells = this._panel(replacement.notebookPath)?.content.model?.cells;
    const cell = cells && findCell(cells, c => c.id === replacement.cellId);
    const source = cell?.sharedModel.getSource();
    if (source === replacement.code) {
      return true; // already there (another tab of a shared notebook applied it)
    }
    if (
      !cell ||
      replacementState(replacement.oldSource, source) !== 'current'
    ) {
      return false;
    }
    // Its own undo step: Yjs merges changes made less than 500 ms apart, so an Accept right
    // after typing was undone together with the typing.
    const undo = (
      cell.sharedModel as { undoManager?: { stopCapturing(): void } | null }
    ).undoManager;
    undo?.stopCapturing();
    cell.sharedModel.setSource(replacement.code);
    undo?.stopCapturing();
    return true;
  }

  /** Give generated cells their visible marker, now and whenever the cells change. */
  watch(panel: NotebookPanel): void {
    const mark = () => this.markGenerated(panel);
    void panel.context.ready.then(() => {
      this._refill(panel);
      mark();
      // The notebook creates the new cells' widgets in its own handler of this signal.
      panel.content.model?.cells.changed.connect(() => {
        this._dedupe(panel);
        setTimeout(mark, 0);
      });
    });
  }

  markGenerated(panel: NotebookPanel): void {
    for (const cell of panel.content.widgets) {
      const generated = !!cell.model.getMetadata(METADATA_KEY)?.proposal_id;
      cell.toggleClass(GENERATED_CLASS, generated);
      if (generated) {
        cell.node.dataset.gptinterpLabel = this._label;
      }
    }
  }

  /**
   * A notebook opened (again): the generated cells it holds are refilled from the events this
   * page knows, and a run still going on gets its cell. (A finished run whose cell is gone is
   * left alone: the user may have deleted it.)
   */
  private _refill(panel: NotebookPanel): void {
    const cells = panel.content.model?.cells;
    for (const [proposalId, execution] of this._executions) {
      if (execution.restore) {
        this._restore(proposalId);
        continue;
      }
      if (
        cells &&
        !execution.replayed &&
        execution.started.notebook_path === panel.context.path &&
        (execution.done === null || findCell(cells, c => isFor(c, proposalId)))
      ) {
        execution.cellId = null;
        this._materialize(proposalId);
      }
    }
  }

  /** Whether `panel` is a document shared with other tabs (real-time collaboration). */
  private _shared(panel: NotebookPanel): boolean {
    const model = panel.content.model as { collaborative?: boolean } | null;
    return !!model?.collaborative;
  }

  /**
   * Two tabs of a shared notebook inserted the same run's cell at once: the page with the higher
   * id deletes its own, and the other one goes on writing.
   */
  private _dedupe(panel: NotebookPanel): void {
    const cells = panel.content.model?.cells;
    if (!cells || !this._shared(panel)) {
      return;
    }
    for (const [proposalId, execution] of this._executions) {
      const copies = [...cells].filter(c => isFor(c, proposalId));
      if (copies.length < 2) {
        continue;
      }
      const keep = copies.reduce((a, b) => (writerOf(b) < writerOf(a) ? b : a));
      const mine = copies.find(c => c !== keep && writerOf(c) === PAGE_ID);
      if (mine) {
        const index = [...cells].indexOf(mine);
        panel.content.model!.sharedModel.deleteCell(index);
        execution.cellId = null;
      }
    }
  }

  private _materialize(proposalId: string): void {
    const execution = this._executions.get(proposalId)!;
    const { started } = execution;
    const panel = this._panel(started.notebook_path);
    const cells = panel?.content.model?.cells;
    if (!panel || !cells) {
      return; // Not open here: the card still shows the outputs.
    }
    // Ours from before a page reload, or the user's cell an accepted fix replaces.
    let cell =
      findCell(cells, c => isFor(c, proposalId)) ?? this._target(execution);
    const shared = this._shared(panel);
    if (
      shared &&
      cell &&
      isFor(cell, proposalId) &&
      writerOf(cell) !== PAGE_ID
    ) {
      return; // Another tab inserted it and writes it.
    }
    if (cell && cell.type !== 'code') {
      cell = undefined;
    }
    if (cell && execution.cellId === null) {
      // Refill it from the events, the source of truth.
      if (cell.sharedModel.getSource() !== started.code) {
        cell.sharedModel.setSource(started.code);
      }
      (cell as ICodeCellModel).outputs.clear();
      execution.applied = 0;
    }
    if (!cell) {
      const after = execution.diverted
        ? started.cell_id
        : started.after_cell_id;
      let index = cells.length;
      for (let i = 0; after && i < cells.length; i++) {
        if (cells.get(i).id === after) {
          index = i + 1;
          break;
        }
      }
      const marker: Record<string, string> = {
        chat_id: started.chat_id,
        proposal_id: proposalId
      };
      if (shared) {
        marker.writer = PAGE_ID;
      }
      const inserted = panel.content.model!.sharedModel.insertCell(index, {
        cell_type: 'code',
        source: started.code,
        metadata: { [METADATA_KEY]: marker }
      });
      cell = findCell(cells, c => c.id === inserted.getId());
    }
    if (!cell) {
      return;
    }
    execution.cellId = cell.id;
    this._widget(panel, cell.id)?.setPrompt('*');
    this._applyOutputs(execution);
    this._applyDone(execution);
  }

  /**
   * The user's cell an accepted fix runs in, unless the user edited it between the click and
   * the run: their edit is kept and the code that ran goes into a new cell below it.
   */
  private _target(execution: IExecution): ICellModel | undefined {
    const { started } = execution;
    const cells = this._panel(started.notebook_path)?.content.model?.cells;
    const cell =
      cells &&
      findCell(cells, c => !!started.cell_id && c.id === started.cell_id);
    if (!cell) {
      return undefined;
    }
    const source = cell.sharedModel.getSource();
    const applies =
      source === started.code ||
      execution.oldSource === null ||
      replacementState(execution.oldSource, source) === 'current';
    if (!applies) {
      execution.diverted = true;
      return undefined;
    }
    return cell;
  }

  /** Whether a fix ran beside the user's cell instead of in it (they had edited it). */
  diverted(proposalId: string): boolean {
    return !!this._executions.get(proposalId)?.diverted;
  }

  private _applyOutputs(execution: IExecution): void {
    this._takeOver(execution);
    const cell = this._cell(execution);
    if (!cell) {
      return;
    }
    const { outputs } = execution;
    while (execution.applied < outputs.length && outputs[execution.applied]) {
      cell.outputs.add(outputs[execution.applied]);
      execution.applied++;
    }
  }

  private _applyDone(execution: IExecution): void {
    this._takeOver(execution);
    const cell = this._cell(execution);
    const done = execution.done;
    if (!cell || !done) {
      return;
    }
    cell.executionCount = done.execution_count;
    // The prompt shows '*' until now; a null count would not notify the cell to clear it.
    const panel = this._panel(execution.started.notebook_path);
    const count = done.execution_count;
    this._widget(panel, cell.id)?.setPrompt(
      count === null ? '' : String(count)
    );
  }

  /** A live run whose cell this page has not written so far (its notebook opened since). */
  private _takeOver(execution: IExecution): void {
    const id = execution.started.proposal_id;
    if (
      execution.cellId === null &&
      !execution.replayed &&
      this._executions.get(id) === execution
    ) {
      if (this._panel(execution.started.notebook_path)) {
        this._materialize(id);
      }
    }
  }

  private _cell(execution: IExecution): ICodeCellModel | undefined {
    if (execution.cellId === null) {
      return undefined;
    }
    const cells = this._panel(execution.started.notebook_path)?.content.model
      ?.cells;
    // Looked up each time: the user may have moved or deleted the cell meanwhile.
    const cell = cells && findCell(cells, c => c.id === execution.cellId);
    return cell?.type === 'code' ? (cell as ICodeCellModel) : undefined;
  }

  private _panel(path: string): NotebookPanel | undefined {
    return this._tracker.find(p => p.context.path === path) ?? undefined;
  }

  private _widget(panel: NotebookPanel | undefined, cellId: string) {
    return panel?.content.widgets.find(w => w.model.id === cellId);
  }

  private _tracker: INotebookTracker;
  private _label: string;
  private _executions = new Map<string, IExecution>();
}

export namespace NotebookMirror {
  export interface IOptions {
    tracker: INotebookTracker;
    /** The marker's text on generated cells (translated). */
    label: string;
  }
}

/** The page that writes a generated cell of a shared notebook ('' where none is named). */
function writerOf(cell: ICellModel): string {
  return (cell.getMetadata(METADATA_KEY)?.writer as string | undefined) ?? '';
}

function isFor(cell: ICellModel, proposalId: string): boolean {
  return cell.getMetadata(METADATA_KEY)?.proposal_id === proposalId;
}

function findCell(
  cells: Iterable<ICellModel>,
  match: (cell: ICellModel) => boolean
): ICellModel | undefined {
  for (const cell of cells) {
    if (match(cell)) {
      return cell;
    }
  }
  return undefined;
}
