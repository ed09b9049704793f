/**
 * The side panel hosting the chat view. A thin ReactWidget: the state is in the ChatManager
 * and its models, the actions are commands.
 */
import type { IEditorServices } from '@jupyterlab/codeeditor';
import type { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import type { TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget } from '@jupyterlab/ui-components';
import type { CommandRegistry } from '@lumino/commands';
import React from 'react';

import type { AttachmentUploads } from '../attachments';
import type { ChatManager } from '../chatmanager';
import { ChatPanel } from '../components/ChatPanel';
import { chatIcon } from '../icons';
import type { ICellSources } from '../replacement';
import { SIDEBAR_ID } from '../tokens';

export class ChatSidebar extends ReactWidget {
  constructor(options: ChatSidebar.IOptions) {
    super();
    this._options = options;
    this.id = SIDEBAR_ID;
    this.addClass('jp-gptinterp-sidebar');
    this.title.icon = chatIcon;
    this.title.caption = options.trans.__('GPT Interpreter');
  }

  focusComposer(): void {
    this.node
      .querySelector<HTMLTextAreaElement>('.jp-gptinterp-composer textarea')
      ?.focus();
  }

  protected render(): JSX.Element {
    return React.createElement(ChatPanel, this._options);
  }

  private _options: ChatSidebar.IOptions;
}

export namespace ChatSidebar {
  export interface IOptions {
    manager: ChatManager;
    commands: CommandRegistry;
    rendermime: IRenderMimeRegistry;
    editorServices: IEditorServices;
    trans: TranslationBundle;
    cells: ICellSources;
    uploads?: AttachmentUploads | null;
  }
}
