/**
 * Names shared across the extension: plugin ids, command ids, the protocol version this page
 * was built for (re-exported from the generated protocol.ts).
 */

/** The protocol this page speaks, generated from jupyterlab_gptinterp/protocol.py. */
export { PROTOCOL_VERSION } from './protocol';

export const PLUGIN_ID = 'jupyterlab-gptinterp:plugin';

export const SIDEBAR_ID = 'jp-gptinterp-sidebar';

/** Every user action is one of these commands (see commands.ts and schema/plugin.json). */
export namespace CommandIDs {
  export const open = 'gptinterp:open';
  export const send = 'gptinterp:send';
  export const attach = 'gptinterp:attach';
  export const removeAttachment = 'gptinterp:remove-attachment';
  export const approve = 'gptinterp:approve';
  export const reject = 'gptinterp:reject';
  export const stop = 'gptinterp:stop';
  export const newChat = 'gptinterp:new-chat';
  export const switchChat = 'gptinterp:switch-chat';
  export const renameChat = 'gptinterp:rename-chat';
  export const deleteChat = 'gptinterp:delete-chat';
  export const selectModel = 'gptinterp:select-model';
  export const setApprovalMode = 'gptinterp:set-approval-mode';
  export const startKernel = 'gptinterp:start-kernel';
  export const showSent = 'gptinterp:show-sent';
  export const openImage = 'gptinterp:open-image';
  export const exportMarkdown = 'gptinterp:export-markdown';
  export const exportNotebook = 'gptinterp:export-notebook';
  export const toggleMainArea = 'gptinterp:toggle-main-area';
  export const explainCell = 'gptinterp:explain-cell';
  export const fixCell = 'gptinterp:fix-cell';
}

/** The palette category of every command of this extension. */
export const PALETTE_CATEGORY = 'GPT Interpreter';
