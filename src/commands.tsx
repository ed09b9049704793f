/**
 * Every user action of the extension, as a command: the views' buttons, the palette, menus
 * and shortcuts (declared in schema/plugin.json) all go through these.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import {
  Dialog,
  ICommandPalette,
  InputDialog,
  MainAreaWidget,
  showDialog,
  showErrorMessage
} from '@jupyterlab/apputils';
import type { INotebookTracker } from '@jupyterlab/notebook';
import type { TranslationBundle } from '@jupyterlab/translation';
import { fileUploadIcon, imageIcon } from '@jupyterlab/ui-components';
import type { ReadonlyPartialJSONObject } from '@lumino/coreutils';
import { Widget } from '@lumino/widgets';

import React from 'react';

import { fetchSent } from './api';
import { AttachmentUploads, chooseFiles } from './attachments';
import type { ChatManager } from './chatmanager';
import { SentView } from './components/SentView';
import { chatIcon } from './icons';
import type { ChatModel } from './model';
import type { Preferences } from './preferences';
import type { ErrorCode } from './protocol';
import { CommandIDs, PALETTE_CATEGORY } from './tokens';
import type { ChatSidebar } from './widgets/ChatSidebar';

export interface ICommandsOptions {
  app: JupyterFrontEnd;
  manager: ChatManager;
  preferences: Preferences;
  /** Uploads attached files (null: attaching is not offered). */
  uploads: AttachmentUploads | null;
  sidebar: ChatSidebar;
  tracker: INotebookTracker;
  trans: TranslationBundle;
  palette: ICommandPalette | null;
}

const noArgs = { args: { type: 'object' as const, properties: {} } };

const proposalArgs = {
  type: 'object' as const,
  properties: {
    run: {
      type: 'boolean' as const,
      description:
        'For a cell fix: run the cell after replacing its source (default: no)'
    },
    proposalId: {
      type: 'string' as const,
      description:
        'The proposal: a pending card the sidebar shows (nothing is decided without it)'
    },
    card: {
      type: 'string' as const,
      enum: ['focused'],
      description:
        'Instead of proposalId (the shortcuts): the card that holds the keyboard focus'
    },
    reason: {
      type: 'string' as const,
      description: 'Why it is rejected (the assistant is told)'
    }
  }
};

/** The faults "Start a kernel" fixes: their notes go once it has. */
const KERNEL_FAULTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'no_kernel',
  'kernel_not_found',
  'kernel_died'
]);

export function registerCommands(options: ICommandsOptions): void {
  const {
    app,
    manager,
    preferences,
    uploads,
    sidebar,
    tracker,
    trans,
    palette
  } = options;
  const { commands } = app;
  const current = (): ChatModel | null => manager.current;
  /**
   * The proposal a decision names, if it is a pending card the sidebar shows. Only an explicit
   * id counts: a command run from elsewhere (another extension, a link in some content) must
   * not decide whichever proposal happens to be pending.
   */
  const decidable = (args: ReadonlyPartialJSONObject) => {
    const id = args.card === 'focused' ? focusedCard() : args.proposalId;
    const item =
      typeof id === 'string' && sidebar.isVisible
        ? current()?.proposal(id)
        : undefined;
    return item?.status === 'pending' && !item.submitting ? item : undefined;
  };

  /** The id of the card holding the keyboard focus (its shortcuts act on it alone). */
  const focusedCard = () => {
    const focused = document.activeElement;
    const card =
      focused && sidebar.node.contains(focused)
        ? focused.closest('[data-proposal-id]')
        : null;
    return card?.getAttribute('data-proposal-id') ?? undefined;
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

  commands.addCommand(CommandIDs.toggleMainArea, {
    label: () =>
      sidebar.inMainArea
        ? trans.__('Move GPT Interpreter Back to the Sidebar')
        : trans.__('Open GPT Interpreter in the Main Area'),
    caption: trans.__(
      'Show the chat in a tab of the main area, wider than the sidebar (closing the tab puts it back)'
    ),
    icon: chatIcon,
    describedBy: noArgs,
    execute: () => {
      sidebar.inMainArea = !sidebar.inMainArea;
      if (sidebar.inMainArea) {
        app.shell.add(sidebar, 'main', { mode: 'split-right' });
      } else {
        app.shell.add(sidebar, 'right', { rank: 600 });
      }
      app.shell.activateById(sidebar.id);
    }
  });
  sidebar.closeRequested.connect(() => {
    void commands.execute(CommandIDs.toggleMainArea);
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
    // The composer's Send button asks this too: the one rule for when a message can go.
    isEnabled: args => {
      const model = current();
      const text = (args.text as string | undefined) ?? model?.draft ?? '';
      return (
        manager.status === 'connected' &&
        !manager.server.problem &&
        !!model?.chatId &&
        !model.busy &&
        text.trim() !== ''
      );
    },
    execute: args => manager.send(args.text as string | undefined)
  });

  commands.addCommand(CommandIDs.attach, {
    label: trans.__('Attach Files to the Next Message…'),
    caption: trans.__(
      'Attach files: upload them beside the notebook and tell the assistant about them (or drop files on the sidebar)'
    ),
    icon: fileUploadIcon,
    describedBy: noArgs,
    isEnabled: () => !!uploads && !!current(),
    execute: async () => {
      const model = current();
      if (!uploads || !model) {
        return;
      }
      const files = await chooseFiles();
      if (files.length) {
        await uploads.upload(model, files);
      }
    }
  });

  commands.addCommand(CommandIDs.removeAttachment, {
    label: trans.__('Remove Attachment'),
    caption: trans.__(
      'Do not tell the assistant about this file (it stays on disk)'
    ),
    describedBy: {
      args: {
        type: 'object',
        properties: {
          path: {
            type: 'string',
            description: 'The attached file, relative to the server root'
          }
        },
        required: ['path']
      }
    },
    isEnabled: args => !!current()?.attachments.some(a => a.path === args.path),
    execute: args => current()?.removeAttachment(args.path as string)
  });

  commands.addCommand(CommandIDs.approve, {
    label: trans.__('Run Proposed Code'),
    caption: trans.__(
      'Approve the proposed code and run it in the notebook’s kernel'
    ),
    describedBy: { args: proposalArgs },
    isEnabled: args => !!decidable(args),
    execute: args => {
      const item = decidable(args);
      return !!item && manager.approve(item.proposalId, args.run === true);
    }
  });

  commands.addCommand(CommandIDs.reject, {
    label: trans.__('Reject Proposed Code'),
    describedBy: { args: proposalArgs },
    isEnabled: args => !!decidable(args),
    execute: args => {
      const item = decidable(args);
      const reason = typeof args.reason === 'string' ? args.reason : '';
      return !!item && manager.reject(item.proposalId, reason);
    }
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

  commands.addCommand(CommandIDs.setApprovalMode, {
    label: args =>
      args.mode === 'auto'
        ? trans.__('Run Proposed Code Without Asking in This Chat')
        : trans.__('Ask Before Running Proposed Code in This Chat'),
    caption: args =>
      args.mode === 'auto' && !manager.autoRunAllowed
        ? trans.__(
            'Turned off on this server: your administrator requires every cell to be approved'
          )
        : trans.__('Applies from the next message in this chat'),
    describedBy: {
      args: {
        type: 'object',
        properties: {
          mode: {
            type: 'string',
            enum: ['ask', 'auto'],
            description:
              'ask: every proposal waits for Run; auto: proposals run as proposed (where the server allows it)'
          }
        },
        required: ['mode']
      }
    },
    isToggled: args => manager.approvalMode === args.mode,
    isEnabled: args =>
      !!current()?.chatId && (args.mode === 'ask' || manager.autoRunAllowed),
    execute: args => manager.setApprovalMode(args.mode as 'ask' | 'auto')
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

  const hasChat = () => !!current()?.chatId;

  commands.addCommand(CommandIDs.showSent, {
    label: trans.__('Show What the Model Was Sent'),
    caption: trans.__(
      'The messages of this chat’s latest model call: the prompt, the notebook, results'
    ),
    describedBy: noArgs,
    isEnabled: hasChat,
    execute: async () => {
      const chatId = current()?.chatId;
      if (!chatId) {
        return;
      }
      try {
        const messages = await fetchSent(chatId);
        await showDialog({
          title: trans.__('What the model was sent'),
          body: <SentView messages={messages} trans={trans} />,
          buttons: [Dialog.okButton({ label: trans.__('Close') })]
        });
      } catch (reason) {
        await showErrorMessage(
          trans.__('Could not load what was sent'),
          reason as Error
        );
      }
    }
  });

  commands.addCommand(CommandIDs.openImage, {
    label: trans.__('Open Image Full Size'),
    caption: trans.__('An image from a card’s outputs, in a tab of its own'),
    describedBy: {
      args: {
        type: 'object',
        properties: {
          src: { type: 'string', description: 'The image, as a data: URL' },
          name: { type: 'string', description: 'What it shows (its alt text)' }
        },
        required: ['src']
      }
    },
    execute: args => {
      const src = typeof args.src === 'string' ? args.src : '';
      if (!src.startsWith('data:image/')) {
        return; // outputs' images are data URLs; nothing else is opened from here
      }
      const content = new Widget();
      content.addClass('jp-gptinterp-image-view');
      const img = document.createElement('img');
      img.src = src;
      img.alt = typeof args.name === 'string' ? args.name : '';
      content.node.appendChild(img);
      const widget = new MainAreaWidget({ content });
      widget.id = `jp-gptinterp-image-${++images}`;
      widget.title.label = trans.__('Image %1', images);
      widget.title.caption = img.alt;
      widget.title.icon = imageIcon;
      widget.title.closable = true;
      app.shell.add(widget, 'main');
      app.shell.activateById(widget.id);
    }
  });
  let images = 0;

  /** The open notebook of the current chat. */
  const chatPanel = () => {
    const path = current()?.notebookPath;
    return path ? tracker.find(p => p.context.path === path) : undefined;
  };

  commands.addCommand(CommandIDs.startKernel, {
    label: () =>
      chatPanel()?.sessionContext.session?.kernel
        ? trans.__('Restart the Notebook’s Kernel')
        : trans.__('Start a Kernel for the Notebook'),
    caption: trans.__('The assistant runs code in the notebook’s kernel'),
    describedBy: noArgs,
    isEnabled: () => !!chatPanel(),
    execute: async () => {
      const session = chatPanel()?.sessionContext;
      if (!session) {
        return;
      }
      // After a server restart the page still holds the old session and kernel until its next
      // poll: restarting them fails (404). Ask the server what runs first, which drops them.
      const { sessions, kernels } = app.serviceManager;
      await Promise.all([sessions.refreshRunning(), kernels.refreshRunning()]);
      const kernel = session.session?.kernel;
      const running =
        !!kernel && !!kernels.findById(kernel.id) && !kernel.isDisposed;
      if (running) {
        await session.restartKernel();
      } else {
        const name =
          session.kernelPreference.name ||
          session.specsManager.specs?.default ||
          'python3';
        await session.changeKernel({ name });
      }
      current()?.dismissNotices(KERNEL_FAULTS);
    }
  });

  commands.addCommand(CommandIDs.selectModel, {
    label: args => {
      const model = manager.server.info?.models.find(
        m => m.id === args.modelId
      );
      return model
        ? `${model.name} (${model.provider})`
        : trans.__('Default model');
    },
    caption: trans.__('Answer the next messages with this model'),
    describedBy: {
      args: {
        type: 'object',
        properties: {
          modelId: {
            type: 'string',
            description: 'A model id the server offers, "provider/model"'
          }
        },
        required: ['modelId']
      }
    },
    isToggled: args => manager.model?.id === args.modelId,
    isEnabled: args =>
      !!manager.server.info?.models.some(m => m.id === args.modelId),
    execute: args => preferences.selectModel(args.modelId as string)
  });

  commands.addCommand(CommandIDs.switchChat, {
    label: args =>
      (args.title as string | undefined) || trans.__('Untitled chat'),
    caption: trans.__('Show this chat of the current notebook'),
    describedBy: {
      args: {
        type: 'object',
        properties: {
          chatId: { type: 'string', description: 'The chat to show' },
          title: { type: 'string', description: 'Its title, for the label' }
        },
        required: ['chatId']
      }
    },
    isToggled: args => current()?.chatId === args.chatId,
    execute: args => {
      manager.switchTo(args.chatId as string);
      app.shell.activateById(sidebar.id);
    }
  });

  commands.addCommand(CommandIDs.renameChat, {
    label: trans.__('Rename GPT Interpreter Chat…'),
    caption: trans.__('Give the current chat a new title'),
    describedBy: noArgs,
    isEnabled: hasChat,
    execute: async () => {
      const result = await InputDialog.getText({
        title: trans.__('Rename Chat'),
        text: current()?.title ?? '',
        placeholder: trans.__('Chat title'),
        okLabel: trans.__('Rename')
      });
      const title = result.value?.trim();
      if (result.button.accept && title) {
        await manager
          .rename(title)
          .catch(reason =>
            showErrorMessage(trans.__('The chat was not renamed'), reason)
          );
      }
    }
  });

  commands.addCommand(CommandIDs.deleteChat, {
    label: trans.__('Delete GPT Interpreter Chat…'),
    caption: trans.__('Delete the current chat and its history'),
    describedBy: noArgs,
    isEnabled: hasChat,
    execute: async () => {
      const title = current()?.title || trans.__('Untitled chat');
      const result = await showDialog({
        title: trans.__('Delete Chat'),
        body: trans.__(
          'Delete “%1” and its history? Code it proposed that was not run will never run. The notebook keeps its cells.',
          title
        ),
        buttons: [
          Dialog.cancelButton(),
          Dialog.warnButton({ label: trans.__('Delete') })
        ]
      });
      if (result.button.accept) {
        await manager
          .deleteCurrent()
          .catch(reason =>
            showErrorMessage(trans.__('The chat was not deleted'), reason)
          );
      }
    }
  });

  for (const command of [
    CommandIDs.open,
    CommandIDs.toggleMainArea,
    CommandIDs.newChat,
    CommandIDs.renameChat,
    CommandIDs.deleteChat,
    CommandIDs.showSent,
    CommandIDs.attach,
    CommandIDs.explainCell,
    CommandIDs.fixCell,
    CommandIDs.approve,
    CommandIDs.reject,
    CommandIDs.stop
  ]) {
    palette?.addItem({ command, category: PALETTE_CATEGORY });
  }
  for (const mode of ['ask', 'auto']) {
    palette?.addItem({
      command: CommandIDs.setApprovalMode,
      args: { mode },
      category: PALETTE_CATEGORY
    });
  }

  // Enabled states follow the chat; refresh them when it changes.
  const changing = [
    CommandIDs.explainCell,
    CommandIDs.fixCell,
    CommandIDs.send,
    CommandIDs.attach,
    CommandIDs.removeAttachment,
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
    [CommandIDs.newChat, CommandIDs.renameChat, CommandIDs.deleteChat].forEach(
      id => commands.notifyCommandChanged(id)
    );
  });
}
