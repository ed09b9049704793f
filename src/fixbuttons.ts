/**
 * ErrorFixButtons: a "Fix" button beside the outputs of every code cell whose outputs hold an
 * error, which runs the fix-cell command for that cell. Independent of rendermime: it reads
 * the output models, so it works for errors from the user's runs and from the assistant's.
 */
import type { CodeCell } from '@jupyterlab/cells';
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import type { CommandRegistry } from '@lumino/commands';

import { CommandIDs } from './tokens';

export const FIX_BUTTON_CLASS = 'jp-gptinterp-fix-button';

/** Notebooks change in bursts (outputs stream in); buttons follow after this many ms. */
const SETTLE = 100;

export class ErrorFixButtons {
  constructor(options: ErrorFixButtons.IOptions) {
    this._commands = options.commands;
    this._label = options.label;
    this._caption = options.caption;
    options.tracker.widgetAdded.connect((_, panel) => this.watch(panel));
    options.tracker.forEach(panel => this.watch(panel));
  }

  watch(panel: NotebookPanel): void {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const schedule = () => {
      if (timer === null) {
        timer = setTimeout(() => {
          timer = null;
          if (!panel.isDisposed) {
            this.update(panel);
          }
        }, SETTLE);
      }
    };
    void panel.context.ready.then(() => {
      this.update(panel);
      // Output changes and cell insertions/deletions all change the notebook's content.
      panel.content.model?.contentChanged.connect(schedule);
    });
  }

  /** Add the buttons the cells' errors call for, remove those they no longer do. */
  update(panel: NotebookPanel): void {
    for (const cell of panel.content.widgets) {
      if (cell.model.type !== 'code') {
        continue;
      }
      const wrapper = cell.node.querySelector('.jp-Cell-outputWrapper');
      if (!wrapper) {
        continue;
      }
      const existing = wrapper.querySelector(`:scope > .${FIX_BUTTON_CLASS}`);
      const error = hasError(cell as CodeCell);
      if (error && !existing) {
        wrapper.appendChild(this._button(cell.model.id));
      } else if (!error && existing) {
        existing.remove();
      }
    }
  }

  private _button(cellId: string): HTMLButtonElement {
    const button = document.createElement('button');
    button.className = `jp-Button jp-mod-styled jp-mod-accept ${FIX_BUTTON_CLASS}`;
    button.textContent = this._label;
    button.title = this._caption;
    button.dataset.cellId = cellId;
    button.addEventListener('click', event => {
      event.stopPropagation();
      void this._commands.execute(CommandIDs.fixCell, { cellId });
    });
    return button;
  }

  private _commands: CommandRegistry;
  private _label: string;
  private _caption: string;
}

export namespace ErrorFixButtons {
  export interface IOptions {
    tracker: INotebookTracker;
    commands: CommandRegistry;
    /** The button's text and tooltip (translated). */
    label: string;
    caption: string;
  }
}

function hasError(cell: CodeCell): boolean {
  const outputs = cell.model.outputs;
  for (let i = 0; i < outputs.length; i++) {
    if (outputs.get(i).type === 'error') {
      return true;
    }
  }
  return false;
}
