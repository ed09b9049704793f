/**
 * NotebookMirror: shows in the user's notebook what the server runs in its kernel. The code
 * runs server-side; this only inserts the approved cell, fills its outputs and sets its
 * execution count, so the notebook reads as if the user had run the cell.
 *
 * Idempotent by proposal id (a cell carrying `gptinterp.proposal_id` is reused) and by output
 * index, because reconnects and page reloads replay events. History replayed when a chat is
 * first opened is not mirrored (the saved notebook already holds it, and the user may have
 * deleted those cells since), except an execution still running, which is picked up.
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
  /** The fix's cell had been edited: the run went into a new cell below it. */
  diverted?: boolean;
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
          applied: 0
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
    if (event.type === 'execution_output') {
      execution.outputs[event.index] = event.output as nbformat.IOutput;
      this._applyOutputs(execution);
    } else {
      execution.done = event;
      this._applyDone(execution);
      if (replay && execution.cellId === null) {
        this._executions.delete(event.proposal_id);
      }
    }
  }

  /** The chat's history has been replayed: pick up executions that are still running. */
  endReplay(chatId: string): void {
    for (const [proposalId, execution] of this._executions) {
      const mine = execution.started.chat_id === chatId;
      if (mine && execution.done === null && execution.cellId === null) {
        this._materialize(proposalId);
      }
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
      mark();
      // The notebook creates the new cells' widgets in its own handler of this signal.
      panel.content.model?.cells.changed.connect(() => setTimeout(mark, 0));
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
      const shared = panel.content.model!.sharedModel.insertCell(index, {
        cell_type: 'code',
        source: started.code,
        metadata: {
          [METADATA_KEY]: { chat_id: started.chat_id, proposal_id: proposalId }
        }
      });
      cell = findCell(cells, c => c.id === shared.getId());
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
