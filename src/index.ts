/**
 * The plugin: wiring only. It builds the connection, the notebook mirror, the chat manager,
 * the sidebar and the commands, makes the sidebar follow the current notebook, and checks
 * that the server extension speaks this page's protocol.
 */
import {
  ILayoutRestorer,
  JupyterFrontEnd,
  JupyterFrontEndPlugin
} from '@jupyterlab/application';
import { ICommandPalette } from '@jupyterlab/apputils';
import { IEditorServices } from '@jupyterlab/codeeditor';
import { INotebookTracker, NotebookPanel } from '@jupyterlab/notebook';
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';
import { ISettingRegistry } from '@jupyterlab/settingregistry';
import { ITranslator, nullTranslator } from '@jupyterlab/translation';

/* eslint-disable jupyter/prefer-lazy-imports -- all needed at activation: the sidebar icon
   shows at start, and chats and the notebook mirror must follow the notebooks from then on. */
import { deleteChat, fetchChats, fetchInfo, renameChat } from './api';
import { ChatManager } from './chats';
import { registerCommands } from './commands';
import { ChatConnection } from './connection';
import { ErrorFixButtons } from './fixbuttons';
import { NotebookMirror } from './notebook';
import { OpenNotebooks } from './notebooks';
import { PLUGIN_ID, PROTOCOL_VERSION } from './tokens';
import { DEFAULT_MAX_UPLOAD_MB, Uploader } from './upload';
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
    const mirror = new NotebookMirror({
      tracker,
      label: trans.__('generated')
    });
    const notebooks = new OpenNotebooks(tracker);
    const manager = new ChatManager({
      connection,
      notebooks,
      mirror,
      store: { list: fetchChats, rename: renameChat, remove: deleteChat },
      trans
    });
    const uploader = new Uploader({
      contents: app.serviceManager.contents,
      maxBytes: DEFAULT_MAX_UPLOAD_MB * 1024 * 1024
    });
    const sidebar = new ChatSidebar({
      manager,
      commands: app.commands,
      rendermime,
      editorServices,
      trans,
      cells: notebooks,
      uploader
    });
    app.shell.add(sidebar, 'right', { rank: 600 });
    restorer?.add(sidebar, sidebar.id);
    // The upload limit: the user's setting, within the admin's (known once /info answers).
    let uploadMB = DEFAULT_MAX_UPLOAD_MB;
    const applyUploadLimit = () => {
      uploader.maxBytes = manager.maxUploadBytes(uploadMB);
    };
    // The user's model pick is a setting: kept across sessions, editable in the settings editor.
    let settings: ISettingRegistry.ISettings | null = null;
    const onSelectModel = (modelId: string) => {
      manager.setPreferences({ ...manager.preferences, model: modelId });
      void settings?.set('model', modelId);
    };
    registerCommands({
      app,
      manager,
      sidebar,
      tracker,
      trans,
      palette,
      onSelectModel
    });
    new ErrorFixButtons({
      tracker,
      commands: app.commands,
      label: trans.__('Fix'),
      caption: trans.__('Ask GPT Interpreter to fix this cell')
    });

    const watch = (panel: NotebookPanel) => {
      mirror.watch(panel);
      // The server moves the chats of a renamed notebook; the page keeps showing its chat.
      let path = panel.context.path;
      panel.context.pathChanged.connect((_, newPath) => {
        manager.notebookMoved(path, newPath);
        path = newPath;
      });
    };
    tracker.widgetAdded.connect((_, panel) => watch(panel));
    tracker.forEach(watch);
    const follow = (panel: NotebookPanel | null) => {
      if (!panel) {
        void manager.show(null);
        return;
      }
      // The chat id is in the notebook's metadata, readable once the notebook is loaded.
      void panel.context.ready.then(() => {
        if (tracker.currentWidget === panel) {
          void manager.show(panel.context.path);
        }
      });
    };
    tracker.currentChanged.connect((_, panel) => follow(panel));
    follow(tracker.currentWidget);

    if (settingRegistry) {
      void settingRegistry.load(PLUGIN_ID).then(loaded => {
        settings = loaded;
        const apply = () => {
          const value = (key: string) => loaded.get(key).composite;
          sidebar.sendOnEnter = value('sendOnEnter') !== false;
          const mb = Number(value('maxUploadMB'));
          uploadMB = mb > 0 ? mb : DEFAULT_MAX_UPLOAD_MB;
          applyUploadLimit();
          manager.setPreferences({
            model: (value('model') as string) ?? '',
            generatedCells:
              value('generatedCells') === 'end' ? 'end' : 'below-active',
            showSent: value('showSent') === true
          });
        };
        apply();
        loaded.changed.connect(apply);
      });
    }

    fetchInfo().then(
      info => {
        if (info.protocol_version !== PROTOCOL_VERSION) {
          manager.setProblem(
            trans.__(
              'The server extension is version %1 (protocol %2) but this page was built for protocol %3. Reload the page; if this message stays, reinstall jupyterlab-gptinterp and restart JupyterLab.',
              info.server_version,
              info.protocol_version,
              PROTOCOL_VERSION
            )
          );
          return;
        }
        manager.setInfo(info);
        applyUploadLimit();
        connection.connect();
      },
      reason => {
        console.error('gptinterp: /gptinterp/info failed', reason);
        manager.setProblem(
          trans.__(
            'The GPT Interpreter server extension is not answering. Check that `jupyter server extension list` shows jupyterlab_gptinterp enabled, then restart JupyterLab.'
          )
        );
      }
    );
  }
};

export default plugin;
