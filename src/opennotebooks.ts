/**
 * The open notebooks, as the chat manager needs them: found by path, with the chat id kept
 * in their metadata (it follows the notebook through renames and copies of the file).
 */
import type { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';

import type { ChatManager } from './chatmanager';
import { METADATA_KEY } from './notebookmirror';
import { notebookView } from './notebooksnapshot';
import type { NotebookView } from './protocol';
import type { ICellSources } from './replacement';

export class OpenNotebooks implements ChatManager.INotebooks, ICellSources {
  constructor(tracker: INotebookTracker) {
    this._tracker = tracker;
  }

  chatIdOf(path: string): string | null {
    const value = this.find(path)?.model?.getMetadata(METADATA_KEY);
    return typeof value?.chat_id === 'string' ? value.chat_id : null;
  }

  rememberChat(path: string, chatId: string): void {
    const model = this.find(path)?.model;
    const value = model?.getMetadata(METADATA_KEY) ?? {};
    if (model && value.chat_id !== chatId) {
      model.setMetadata(METADATA_KEY, { ...value, chat_id: chatId });
    }
  }

  view(path: string): NotebookView | null {
    const panel = this.find(path);
    return panel ? notebookView(panel) : null;
  }

  /**
   * Where a generated cell goes "below the active cell": after the active cell and the
   * generated cells already right below it, so that a turn's cells read top to bottom in the
   * order they ran (each new one right below the active cell would stack them in reverse).
   */
  belowActiveCellId(path: string): string | null {
    const content = this.find(path)?.content;
    const cells = content?.model?.cells;
    if (!content || !cells || content.activeCellIndex < 0) {
      return null;
    }
    let index = content.activeCellIndex;
    while (
      index + 1 < cells.length &&
      cells.get(index + 1).getMetadata(METADATA_KEY)?.proposal_id
    ) {
      index++;
    }
    return cells.get(index).id;
  }

  source(path: string, cellId: string): string | null | undefined {
    const cells = this.find(path)?.content.model?.cells;
    if (!cells) {
      return undefined;
    }
    for (const cell of cells) {
      if (cell.id === cellId) {
        return cell.sharedModel.getSource();
      }
    }
    return null;
  }

  watch(path: string, slot: () => void): () => void {
    // Fires on cell edits, insertions and deletions (what also marks the notebook dirty).
    const model = this.find(path)?.content.model;
    model?.contentChanged.connect(slot);
    return () => {
      model?.contentChanged.disconnect(slot);
    };
  }

  find(path: string): NotebookPanel | undefined {
    return this._tracker.find(p => p.context.path === path) ?? undefined;
  }

  private _tracker: INotebookTracker;
}
