/**
 * What a chat asks of the notebook it works in: to mirror the executions the server runs in
 * the notebook's kernel, and to put an accepted fix into a cell. The chat side and the
 * notebook side both depend on these types; neither depends on the other.
 */
import type {
  ExecutionDone,
  ExecutionOutput,
  ExecutionStarted
} from './protocol';

/** The events of one execution, in the order the server sends them. */
export type ExecutionEvent = ExecutionStarted | ExecutionOutput | ExecutionDone;

/** An accepted fix: `code` replaces the source of `cellId` while it is still `oldSource`. */
export interface ICellReplacement {
  notebookPath: string;
  cellId: string;
  oldSource: string;
  code: string;
}

/** The notebook mirror, as the chat side uses it (NotebookMirror in the app, a fake in tests). */
export interface INotebookEdits {
  /** `oldSource`: for a fix run in place, the source it was made for. */
  handle(
    event: ExecutionEvent,
    replay: boolean,
    oldSource?: string | null
  ): void;
  /** Whether that fix ran in a new cell because the user had edited its cell. */
  diverted(proposalId: string): boolean;
  /** The chat's history has been replayed: pick up executions that are still running. */
  endReplay(chatId: string): void;
  /**
   * Replace a cell's source with an accepted fix, unless the user changed it since; false
   * when it was not replaced.
   */
  replaceCell(replacement: ICellReplacement): boolean;
}
