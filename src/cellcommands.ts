/**
 * Explain and fix a cell: the two commands, which cell they mean, and when the Fix button of
 * the cell toolbar (declared in schema/plugin.json) shows: on a cell whose outputs hold an
 * error. The question itself goes through CellQuestions to the notebook's chat.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ICellModel, ICodeCellModel } from '@jupyterlab/cells';
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { ReadonlyPartialJSONObject } from '@lumino/coreutils';

import type { CellQuestions } from './cellquestions';
import type { ChatManager } from './chatmanager';
import { CommandIDs } from './tokens';

export interface ICellCommandsOptions {
  app: JupyterFrontEnd;
  manager: ChatManager;
  questions: CellQuestions;
  tracker: INotebookTracker;
  trans: TranslationBundle;
  /** The sidebar's id: it is shown when a question is asked. */
  sidebarId: string;
}

const cellArgs = {
  type: 'object' as const,
  properties: {
    cellId: {
      type: 'string' as const,
      description:
        'The nbformat id of a code cell of an open notebook; default: the current notebook’s active cell'
    },
    toolbar: {
      type: 'boolean' as const,
      description:
        'Run from the cell toolbar (set by JupyterLab): the toolbar’s own cell'
    },
    contextMenu: {
      type: 'boolean' as const,
      description: 'Run from the context menu: the cell that was right-clicked'
    }
  }
};

export function registerCellCommands(options: ICellCommandsOptions): void {
  const { app, manager, questions, tracker, trans, sidebarId } = options;
  const { commands } = app;

  /**
   * The code cell a cell command acts on, and the notebook holding it: the cell named by id,
   * the one right-clicked (from the context menu), else the active one (the keyboard, and the
   * cell toolbar, which is on the active cell only).
   */
  const targetCell = (args: ReadonlyPartialJSONObject) => {
    const wanted =
      (args.cellId as string | undefined) ??
      (args.contextMenu ? rightClicked() : undefined);
    if (args.contextMenu && !wanted) {
      return null; // not over a cell: no guess
    }
    // A cell named by id may be in a notebook that is not the current one.
    const panel =
      (wanted && tracker.find(p => hasCell(p, wanted))) ||
      tracker.currentWidget;
    const cells = panel?.content.model?.cells;
    if (!panel || !cells) {
      return null;
    }
    const cellId = wanted ?? panel.content.activeCell?.model.id;
    for (let index = 0; index < cells.length; index++) {
      const cell = cells.get(index);
      if (cell.id === cellId) {
        return cell.type === 'code' ? { panel, cell, index } : null;
      }
    }
    return null;
  };
  /** The id of the cell under the context menu's click (inside a selection it is not active). */
  const rightClicked = (): string | undefined => {
    const node = app.contextMenuHitTest(n => n.classList.contains('jp-Cell'));
    let id: string | undefined;
    tracker.forEach(panel => {
      id ??= panel.content.widgets.find(w => w.node === node)?.model.id;
    });
    return id;
  };
  const canAsk = (args: ReadonlyPartialJSONObject) => {
    const target = targetCell(args);
    const model = manager.current;
    const busy =
      !!model?.busy && model.notebookPath === target?.panel.context.path;
    return (
      !!target &&
      manager.status === 'connected' &&
      !manager.server.problem &&
      !busy
    );
  };
  const ask = (action: 'explain' | 'fix', args: ReadonlyPartialJSONObject) => {
    const target = targetCell(args);
    if (!target) {
      return false;
    }
    app.shell.activateById(sidebarId);
    const { panel, cell, index } = target;
    const text =
      action === 'explain'
        ? trans.__(
            'Explain cell %1: %2',
            cellNumber(cell, index),
            firstLine(cell)
          )
        : trans.__('Fix cell %1: %2', cellNumber(cell, index), firstLine(cell));
    return questions.ask(panel.context.path, { action, cellId: cell.id }, text);
  };

  commands.addCommand(CommandIDs.explainCell, {
    label: trans.__('Explain Cell with GPT Interpreter'),
    caption: trans.__(
      'Ask the assistant what this cell does, its outputs and its error'
    ),
    describedBy: { args: cellArgs },
    isEnabled: canAsk,
    execute: args => ask('explain', args)
  });

  commands.addCommand(CommandIDs.fixCell, {
    label: args =>
      args.toolbar
        ? trans.__('Fix')
        : trans.__('Fix Cell with GPT Interpreter'),
    caption: trans.__(
      'Ask the assistant for a corrected version of this cell, shown as a diff'
    ),
    describedBy: { args: cellArgs },
    // In the cell toolbar, only on a cell with an error; elsewhere on any code cell.
    isVisible: args => {
      const target = args.toolbar ? targetCell(args) : true;
      return target === true || (!!target && hasError(target.cell));
    },
    isEnabled: canAsk,
    execute: args => ask('fix', args)
  });

  // The toolbar's Fix button follows the active cell and its outputs (a notebook's content
  // changes with them), once a frame at most: outputs stream in bursts.
  let scheduled = false;
  const notify = () => {
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        commands.notifyCommandChanged(CommandIDs.fixCell);
      });
    }
  };
  const watch = (panel: NotebookPanel) => {
    panel.content.activeCellChanged.connect(notify);
    void panel.context.ready.then(() =>
      panel.content.model?.contentChanged.connect(notify)
    );
  };
  tracker.widgetAdded.connect((_, panel) => watch(panel));
  tracker.forEach(watch);
  tracker.currentChanged.connect(notify);
}

function hasCell(panel: NotebookPanel, cellId: string): boolean {
  return panel.content.widgets.some(w => w.model.id === cellId);
}

/** Whether a code cell's outputs hold an error. */
export function hasError(cell: ICellModel): boolean {
  if (cell.type !== 'code') {
    return false;
  }
  const outputs = (cell as ICodeCellModel).outputs;
  for (let i = 0; i < outputs.length; i++) {
    if (outputs.get(i).type === 'error') {
      return true;
    }
  }
  return false;
}

/** How the user knows the cell: its prompt's execution count, else its position. */
function cellNumber(cell: ICellModel, index: number): string {
  const count = (cell as ICellModel & { executionCount?: number | null })
    .executionCount;
  return count ? `[${count}]` : `#${index + 1}`;
}

function firstLine(cell: ICellModel): string {
  const line =
    cell.sharedModel
      .getSource()
      .split('\n')
      .find(l => l.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line.trim();
}
