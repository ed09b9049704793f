/**
 * MirrorLink: what the chats' events do in the notebook. An execution's events are mirrored
 * into its cell (history replayed on a first opening is not, see NotebookMirror); an accepted
 * fix that does not run replaces its cell's source. When the notebook cannot follow (the user
 * edited the cell in between), the chat says so.
 */
import type { TranslationBundle } from '@jupyterlab/translation';

import type { ChatModel } from './model';
import type { ExecutionEvent, INotebookEdits } from './notebookedits';
import type { ProposalDecided } from './protocol';
import type { ChatRouter } from './router';

export class MirrorLink {
  constructor(options: MirrorLink.IOptions) {
    this._mirror = options.mirror;
    this._trans = options.trans;
    options.router.applied.connect((_, { model, event, replay }) => {
      if (
        event.type === 'execution_started' ||
        event.type === 'execution_output' ||
        event.type === 'execution_done'
      ) {
        this._execution(model, event, replay);
      } else if (event.type === 'proposal_decided' && !replay) {
        this._decided(model, event);
      }
    });
    options.router.replayEnded.connect((_, chatId) =>
      this._mirror.endReplay(chatId)
    );
  }

  private _execution(
    model: ChatModel,
    event: ExecutionEvent,
    replay: boolean
  ): void {
    const item = model.proposal(event.proposal_id);
    this._mirror.handle(
      event,
      replay,
      item?.proposalKind === 'replace_cell' ? (item.oldSource ?? '') : null
    );
    if (
      event.type === 'execution_started' &&
      this._mirror.diverted(event.proposal_id)
    ) {
      model.addNotice(
        'warning',
        this._trans.__(
          'The cell changed before the fix ran: your edit is kept, and the fix ran in a new cell below it.'
        )
      );
    }
  }

  /** An accepted cell replacement that does not run: replace the source here. */
  private _decided(model: ChatModel, msg: ProposalDecided): void {
    const item = model.proposal(msg.proposal_id);
    if (
      msg.decision !== 'approved' ||
      msg.run ||
      item?.proposalKind !== 'replace_cell' ||
      item.cellId === null
    ) {
      return;
    }
    const replaced = this._mirror.replaceCell({
      notebookPath: item.notebookPath,
      cellId: item.cellId,
      oldSource: item.oldSource ?? '',
      code: msg.code ?? item.code
    });
    if (!replaced) {
      model.addNotice(
        'warning',
        this._trans.__(
          'The fix was not applied: the cell changed since it was proposed, was deleted, or its notebook is not open.'
        )
      );
    }
  }

  private _mirror: INotebookEdits;
  private _trans: MirrorLink.ITranslation;
}

export namespace MirrorLink {
  export type ITranslation = Pick<TranslationBundle, '__'>;

  export interface IOptions {
    router: ChatRouter;
    mirror: INotebookEdits;
    trans: ITranslation;
  }
}
