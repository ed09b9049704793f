/**
 * The sidebar's content: a header (notebook, connection, activity), the transcript and the
 * composer, or a clear message when the chat cannot work (version mismatch, no notebook).
 */
import { PathExt, Time } from '@jupyterlab/coreutils';
import { addIcon, caretDownIcon, MenuSvg } from '@jupyterlab/ui-components';
import React, { useMemo } from 'react';

import type { ChatManager } from '../chatmanager';
import type { ChatInfo } from '../protocol';
import type { ChatModel } from '../model';
import { CommandIDs } from '../tokens';
import { phaseLabel } from '../phase';
import { Announcer } from './Announcer';
import { Attachments } from './Attachments';
import { Composer } from './Composer';
import { ChatServices, IChatServices, useServices, useSignal } from './hooks';
import { ApprovalModePicker } from './ApprovalModePicker';
import { ModelPicker } from './ModelPicker';
import { SetupPanel } from './SetupPanel';
import { Transcript } from './Transcript';

export interface IChatPanelProps extends Omit<IChatServices, 'model'> {
  manager: ChatManager;
}

export function ChatPanel(props: IChatPanelProps): JSX.Element {
  const {
    manager,
    commands,
    rendermime,
    editorServices,
    trans,
    cells,
    uploads
  } = props;
  useSignal(manager.changed);
  const model = manager.current;
  useSignal(model?.changed);
  const services = useMemo<IChatServices>(
    () => ({
      commands,
      rendermime,
      editorServices,
      trans,
      cells,
      model,
      uploads,
      showSent: manager.preferences.showSent
    }),
    [
      commands,
      rendermime,
      editorServices,
      trans,
      cells,
      model,
      uploads,
      manager.preferences.showSent
    ]
  );
  return (
    <ChatServices.Provider value={services}>
      <div className="jp-gptinterp-panel" data-status={manager.status}>
        <Header manager={manager} model={model} />
        {manager.server.problem && (
          <div className="jp-gptinterp-problem" role="alert">
            {manager.server.problem}
          </div>
        )}
        {manager.server.info &&
          !manager.server.info.configured &&
          !manager.server.problem && <SetupPanel />}
        {model ? (
          <>
            <Transcript model={model} />
            <Announcer model={model} />
            <Attachments model={model} />
            <ApprovalModePicker manager={manager} />
            <Composer
              model={model}
              sendOnEnter={manager.preferences.sendOnEnter}
              picker={<ModelPicker manager={manager} />}
            />
          </>
        ) : (
          <div className="jp-gptinterp-empty">
            {trans.__('Open a notebook to chat with the assistant about it.')}
          </div>
        )}
      </div>
    </ChatServices.Provider>
  );
}

function Header(props: { manager: ChatManager; model: ChatModel | null }) {
  const { manager, model } = props;
  const { commands, trans } = useServices();
  // The phase's own words: never "working" while a card waits for the user.
  const phase = model?.phase;
  const status =
    manager.status === 'connected'
      ? model?.status ||
        (phase
          ? phaseLabel(phase, trans)
          : model?.busy
            ? trans.__('Working…')
            : '')
      : manager.status === 'connecting'
        ? trans.__('Connecting…')
        : trans.__('Disconnected, reconnecting…');
  return (
    <div className="jp-gptinterp-header">
      <span className="jp-gptinterp-header-title" title={model?.notebookPath}>
        {model
          ? PathExt.basename(model.notebookPath)
          : trans.__('GPT Interpreter')}
      </span>
      {model && <ChatSwitcher manager={manager} model={model} />}
      <span
        className="jp-gptinterp-activity"
        data-busy={model?.busy ? 'true' : 'false'}
        data-phase={phase?.phase}
        data-connection={manager.status}
      >
        {status}
      </span>
      <button
        className="jp-ToolbarButtonComponent jp-gptinterp-new-chat"
        disabled={!model}
        title={trans.__('New chat for this notebook')}
        onClick={() => void commands.execute(CommandIDs.newChat)}
      >
        <addIcon.react tag="span" elementSize="normal" />
      </button>
    </div>
  );
}

/** The current chat's title; a click lists the notebook's chats and what can be done. */
function ChatSwitcher(props: { manager: ChatManager; model: ChatModel }) {
  const { manager, model } = props;
  const { commands, trans } = useServices();
  const open = async (event: React.MouseEvent<HTMLButtonElement>) => {
    const anchor = event.currentTarget.getBoundingClientRect();
    let chats: ChatInfo[] = [];
    try {
      chats = await manager.chats();
    } catch (reason) {
      console.warn('gptinterp: could not list the chats', reason);
    }
    const menu = new MenuSvg({ commands });
    menu.addClass('jp-gptinterp-chat-menu');
    for (const chat of chats) {
      const when = Time.formatHuman(new Date(chat.updated * 1000));
      menu.addItem({
        command: CommandIDs.switchChat,
        args: {
          chatId: chat.chat_id,
          title: `${chat.title || trans.__('Untitled chat')} · ${when}`
        }
      });
    }
    if (chats.length) {
      menu.addItem({ type: 'separator' });
    }
    for (const command of [
      CommandIDs.newChat,
      CommandIDs.renameChat,
      CommandIDs.deleteChat
    ]) {
      menu.addItem({ command });
    }
    menu.addItem({ type: 'separator' });
    menu.addItem({ command: CommandIDs.exportMarkdown });
    menu.addItem({ command: CommandIDs.exportNotebook });
    menu.addItem({ command: CommandIDs.toggleMainArea });
    // Disposed after the chosen command has run (the menu closes first).
    menu.aboutToClose.connect(() =>
      requestAnimationFrame(() => menu.dispose())
    );
    menu.open(anchor.left, anchor.bottom);
  };
  const title = model.title || trans.__('New chat');
  return (
    <button
      className="jp-gptinterp-chat-switcher"
      title={trans.__('Chats of this notebook: %1', title)}
      onClick={event => void open(event)}
    >
      <span className="jp-gptinterp-chat-title">{title}</span>
      <caretDownIcon.react tag="span" elementSize="normal" />
    </button>
  );
}
