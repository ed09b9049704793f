/**
 * The side panel hosting the chat view. A thin ReactWidget: the state is in the ChatManager
 * and its models, the actions are commands. The same widget can be moved to a main-area tab
 * (one view of the chat, wherever it is): closing that tab brings it back to the sidebar.
 */
import type { IEditorServices } from '@jupyterlab/codeeditor';
import type { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import type { TranslationBundle } from '@jupyterlab/translation';
import { ReactWidget } from '@jupyterlab/ui-components';
import type { CommandRegistry } from '@lumino/commands';
import type { Message } from '@lumino/messaging';
import { ISignal, Signal } from '@lumino/signaling';
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

  /** Whether the chat is shown in a main-area tab rather than in the right sidebar. */
  get inMainArea(): boolean {
    return this._inMainArea;
  }
  set inMainArea(value: boolean) {
    this._inMainArea = value;
    this.toggleClass('jp-gptinterp-mod-main-area', value);
    // A main-area tab needs a name and a close button; a sidebar tab shows its icon only.
    this.title.label = value ? this._options.trans.__('GPT Interpreter') : '';
    this.title.closable = value;
  }

  /** The user closed the main-area tab: the chat goes back to the sidebar, not away. */
  get closeRequested(): ISignal<this, void> {
    return this._closeRequested;
  }

  protected onCloseRequest(msg: Message): void {
    if (this._inMainArea) {
      this._closeRequested.emit();
    } else {
      super.onCloseRequest(msg);
    }
  }

  protected render(): JSX.Element {
    return React.createElement(ChatPanel, this._options);
  }

  private _options: ChatSidebar.IOptions;
  private _inMainArea = false;
  private _closeRequested = new Signal<this, void>(this);
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
