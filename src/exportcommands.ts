/**
 * Take a chat away (issue 22 item 7): save the current chat as Markdown or as a notebook beside
 * its notebook, under the chat's title (never over an existing file), and open what was saved.
 */
import type { JupyterFrontEnd } from '@jupyterlab/application';
import { ICommandPalette, showErrorMessage } from '@jupyterlab/apputils';
import { PathExt } from '@jupyterlab/coreutils';
import type { TranslationBundle } from '@jupyterlab/translation';

import type { ChatManager } from './chatmanager';
import { chatToMarkdown, chatToNotebook, exportName } from './chatexport';
import { CommandIDs, PALETTE_CATEGORY } from './tokens';

export interface IExportCommandsOptions {
  app: JupyterFrontEnd;
  manager: ChatManager;
  trans: TranslationBundle;
  palette: ICommandPalette | null;
}

export function registerExportCommands(options: IExportCommandsOptions): void {
  const { app, manager, trans, palette } = options;
  const { commands } = app;
  const contents = app.serviceManager.contents;
  const noArgs = { args: { type: 'object' as const, properties: {} } };
  const exportable = () => {
    const model = manager.current;
    return model && model.items.length > 0 ? model : null;
  };

  /** A path beside the notebook that nothing is saved at yet. */
  const freePath = async (dir: string, name: string) => {
    const ext = PathExt.extname(name);
    const stem = name.slice(0, name.length - ext.length);
    for (let n = 1; ; n++) {
      const path = PathExt.join(dir, n === 1 ? name : `${stem} ${n}${ext}`);
      try {
        await contents.get(path, { content: false });
      } catch {
        return path; // not there: free
      }
    }
  };

  const save = async (kind: 'markdown' | 'notebook') => {
    const model = exportable();
    if (!model) {
      return;
    }
    const title = model.title || trans.__('Chat');
    const dir = PathExt.dirname(model.notebookPath);
    try {
      const path = await freePath(
        dir,
        exportName(title, kind === 'markdown' ? '.md' : '.ipynb')
      );
      if (kind === 'markdown') {
        await contents.save(path, {
          type: 'file',
          format: 'text',
          content: chatToMarkdown(title, model.items)
        });
      } else {
        await contents.save(path, {
          type: 'notebook',
          format: 'json',
          content: chatToNotebook(title, model.items)
        });
      }
      await commands.execute('docmanager:open', { path });
      return path;
    } catch (reason) {
      void showErrorMessage(
        trans.__('The chat was not exported'),
        reason as Error
      );
    }
  };

  commands.addCommand(CommandIDs.exportMarkdown, {
    label: trans.__('Export Chat as Markdown'),
    caption: trans.__(
      'Save the chat, with its code and outputs, as a Markdown file beside the notebook'
    ),
    describedBy: noArgs,
    isEnabled: () => !!exportable(),
    execute: () => save('markdown')
  });

  commands.addCommand(CommandIDs.exportNotebook, {
    label: trans.__('Export Chat as Notebook'),
    caption: trans.__(
      'Save the chat as a notebook beside this one: messages as Markdown cells, the code that ran as code cells with their outputs'
    ),
    describedBy: noArgs,
    isEnabled: () => !!exportable(),
    execute: () => save('notebook')
  });

  for (const command of [
    CommandIDs.exportMarkdown,
    CommandIDs.exportNotebook
  ]) {
    palette?.addItem({ command, category: PALETTE_CATEGORY });
  }
}
