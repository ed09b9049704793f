/**
 * Every user action of the extension, as a command: the views' buttons, the palette, menus
 * and shortcuts (declared in schema/plugin.json) all go through these.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import type { ICommandPalette } from '@jupyterlab/apputils';
import type { TranslationBundle } from '@jupyterlab/translation';
import type { ReadonlyPartialJSONObject } from '@lumino/coreutils';

import type { ChatManager } from './chats';
import { chatIcon } from './icons';
import type { ChatModel } from './model';
import { CommandIDs, PALETTE_CATEGORY } from './tokens';
import type { ChatSidebar } from './widgets/ChatSidebar';

export interface ICommandsOptions {
  app: JupyterFrontEnd;
  manager: ChatManager;
  sidebar: ChatSidebar;
  trans: TranslationBundle;
  palette: ICommandPalette | null;
}

const noArgs = { args: { type: 'object' as const, properties: {} } };

const proposalArgs = {
  type: 'object' as const,
  properties: {
    proposalId: {
      type: 'string' as const,
      description: 'The proposal; default: the one waiting for a decision'
    },
    reason: {
      type: 'string' as const,
      description: 'Why it is rejected (the assistant is told)'
    }
  }
};

export function registerCommands(options: ICommandsOptions): void {
  const { app, manager, sidebar, trans, palette } = options;
  const { commands } = app;
  const current = (): ChatModel | null => manager.current;
  const proposalOf = (args: ReadonlyPartialJSONObject) => {
    const id = args.proposalId as string | undefined;
    const model = current();
    return id ? model?.proposal(id) : model?.pendingProposal();
  };

  commands.addCommand(CommandIDs.open, {
    label: trans.__('Open GPT Interpreter'),
    caption: trans.__(
      'Chat with an assistant that runs approved code in this notebook'
    ),
    icon: chatIcon,
    describedBy: noArgs,
    execute: () => {
      app.shell.activateById(sidebar.id);
      sidebar.focusComposer();
    }
  });

  commands.addCommand(CommandIDs.send, {
    label: trans.__('Send Message to GPT Interpreter'),
    describedBy: {
      args: {
        type: 'object',
        properties: {
          text: { type: 'string', description: 'Default: the composer’s text' }
        }
      }
    },
    isEnabled: () => {
      const model = current();
      return manager.status === 'connected' && !!model?.chatId && !model.busy;
    },
    execute: args => manager.send(args.text as string | undefined)
  });

  commands.addCommand(CommandIDs.approve, {
    label: trans.__('Run Proposed Code'),
    caption: trans.__(
      'Approve the proposed code and run it in the notebook’s kernel'
    ),
    describedBy: { args: proposalArgs },
    isEnabled: args => canDecide(proposalOf(args)),
    execute: args => manager.approve(args.proposalId as string | undefined)
  });

  commands.addCommand(CommandIDs.reject, {
    label: trans.__('Reject Proposed Code'),
    describedBy: { args: proposalArgs },
    isEnabled: args => canDecide(proposalOf(args)),
    execute: args =>
      manager.reject(
        args.proposalId as string | undefined,
        (args.reason as string | undefined) ?? ''
      )
  });

  commands.addCommand(CommandIDs.stop, {
    label: trans.__('Stop GPT Interpreter'),
    caption: trans.__(
      'Stop the assistant, cancel its proposal, interrupt its code'
    ),
    describedBy: noArgs,
    isEnabled: () => !!current()?.busy,
    execute: () => manager.stop()
  });

  commands.addCommand(CommandIDs.newChat, {
    label: trans.__('New GPT Interpreter Chat'),
    caption: trans.__('Start a new chat for the current notebook'),
    describedBy: noArgs,
    isEnabled: () => current() !== null,
    execute: () => {
      manager.newChat();
      app.shell.activateById(sidebar.id);
      sidebar.focusComposer();
    }
  });

  for (const command of [
    CommandIDs.open,
    CommandIDs.newChat,
    CommandIDs.approve,
    CommandIDs.reject,
    CommandIDs.stop
  ]) {
    palette?.addItem({ command, category: PALETTE_CATEGORY });
  }

  // Enabled states follow the chat; refresh them when it changes.
  const changing = [
    CommandIDs.send,
    CommandIDs.approve,
    CommandIDs.reject,
    CommandIDs.stop
  ];
  const notify = () =>
    changing.forEach(id => commands.notifyCommandChanged(id));
  let watched: ChatModel | null = null;
  manager.changed.connect(() => {
    if (watched !== manager.current) {
      watched?.changed.disconnect(notify);
      watched = manager.current;
      watched?.changed.connect(notify);
    }
    notify();
    commands.notifyCommandChanged(CommandIDs.newChat);
  });
}

function canDecide(item: ReturnType<ChatModel['proposal']>): boolean {
  return !!item && item.status === 'pending' && !item.submitting;
}
