/**
 * CellQuestions: "explain this cell" and "fix this cell". The question goes to the chat of the
 * cell's notebook, which is shown (and started, if the notebook has none); it is sent once that
 * chat is open on the server.
 */
import type { ChatManager } from './chatmanager';
import type { ChatModel } from './model';
import type { ChatRouter } from './router';

export class CellQuestions {
  constructor(options: CellQuestions.IOptions) {
    this._manager = options.manager;
    options.router.opened.connect((_, { model }) => {
      const asked = this._waiting.get(model);
      if (asked) {
        this._waiting.delete(model);
        this._manager.sendTo(model, asked.text, asked.cell);
      }
    });
  }

  /** Ask about `cell` of the notebook at `path`, with `text` as the user's message. */
  async ask(
    path: string,
    cell: ChatModel.ICellAction,
    text: string
  ): Promise<boolean> {
    await this._manager.show(path);
    const model = this._manager.chatOf(path);
    if (!model) {
      return false;
    }
    if (model.chatId === null) {
      this._waiting.set(model, { cell, text });
      return true;
    }
    return this._manager.sendTo(model, text, cell);
  }

  private _manager: ChatManager;
  private _waiting = new Map<
    ChatModel,
    { cell: ChatModel.ICellAction; text: string }
  >();
}

export namespace CellQuestions {
  export interface IOptions {
    manager: ChatManager;
    router: ChatRouter;
  }
}
