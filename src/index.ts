/**
 * The plugin: wiring only. It builds the connection and the chats' router, the notebook side
 * (mirror, open notebooks), the chat manager with the server's info and the user's
 * preferences, the sidebar and the commands, then makes the sidebar follow the notebooks and
 * connects once the server has shown it speaks this page's protocol.
 */
import {
  ILayoutRestorer,
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { IEditorServices } from '@jupyterlab/codeeditor';
import { INotebookTracker } from '@jupyterlab/notebook';
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { ITranslator, nullTranslator } from '@jupyterlab/translation';

/* eslint-disable jupyter/prefer-lazy-imports -- all needed at activation: the sidebar icon
   shows at start, and chats and the notebook mirror must follow the notebooks from then on. */
import { deleteChat, fetchChats, fetchInfo, renameChat } from './api';
import { AttachmentUploads } from './attachments';
import { registerCellCommands } from './cellcommands';
import { CellQuestions } from './cellquestions';
import { ChatManager } from './chatmanager';
import { registerCommands } from './commands';
import { ChatConnection } from './connection';
import { followNotebooks } from './follownotebooks';
import { disarmCommandLinks } from './linkguard';
import { MirrorLink } from './mirrorlink';
import { NotebookMirror } from './notebookmirror';
import { OpenNotebooks } from './opennotebooks';
import { Preferences } from './preferences';
import { ChatRouter } from './router';
import { ServerInfo } from './serverinfo';
import { PLUGIN_ID } from './tokens';
import { Uploader } from './upload';
import { registerExportCommands } from './exportcommands';
import { ChatSidebar } from './widgets/ChatSidebar';
/* eslint-enable jupyter/prefer-lazy-imports */

const plugin: JupyterFrontEndPlugin<void> = {
  id: PLUGIN_ID,
  description:
    'A code interpreter in the sidebar that runs approved cells in your notebook.',
  autoStart: true,
  requires: [INotebookTracker, IRenderMimeRegistry, IEditorServices],
  optional: [ITranslator, ISettingRegistry, ICommandPalette, ILayoutRestorer],
  activate: (
    app: JupyterFrontEnd,
    tracker: INotebookTracker,
    rendermime: IRenderMimeRegistry,
    editorServices: IEditorServices,
    translator: ITranslator | null,
    settingRegistry: ISettingRegistry | null,
    palette: ICommandPalette | null,
    restorer: ILayoutRestorer | null
  ) => {
    const trans = (translator ?? nullTranslator).load('jupyterlab_gptinterp');
    const connection = new ChatConnection();
    const router = new ChatRouter({ connection });
    const mirror = new NotebookMirror({
      tracker,
      label: trans.__('generated')
    });
    new MirrorLink({ router, mirror, trans });
    const notebooks = new OpenNotebooks(tracker);
    const server = new ServerInfo({ trans });
    const preferences = new Preferences();
    const manager = new ChatManager({
      router,
      notebooks,
      store: { list: fetchChats, rename: renameChat, remove: deleteChat },
      server,
      preferences,
      trans
    });
    const questions = new CellQuestions({ manager, router });
    const uploader = new Uploader({
      contents: app.serviceManager.contents,
      maxBytes: () => server.maxUploadBytes(preferences.values.maxUploadBytes)
    });
    const uploads = new AttachmentUploads({ uploader, trans });
    const sidebar = new ChatSidebar({
      manager,
      commands: app.commands,
      rendermime,
      editorServices,
      trans,
      cells: notebooks,
      uploads
    });
    app.shell.add(sidebar, 'right', { rank: 600 });
    restorer?.add(sidebar, sidebar.id);
    registerCommands({
      app,
      manager,
      preferences,
      uploads,
      sidebar,
      tracker,
      trans,
      palette
    });
    registerExportCommands({ app, manager, trans, palette });
    registerCellCommands({
      app,
      manager,
      questions,
      tracker,
      trans,
      sidebarId: sidebar.id
    });
    followNotebooks(tracker, manager, mirror);
    disarmCommandLinks('gptinterp:');

    void settingRegistry
      ?.load(PLUGIN_ID)
      .then(settings => preferences.follow(settings));
    void server.handshake(fetchInfo).then(ok => ok && connection.connect());
  }
};

export default plugin;
