/**
 * The REST side of the server extension: the version handshake and a notebook's chats
 * (list, rename, delete).
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import type {
  ChatInfo,
  ChatList,
  ChatPatch,
  Info,
  SentMessage,
  SentReply
} from './protocol';

async function requestAPI<T>(
  endPoint: string,
  query = '',
  settings: ServerConnection.ISettings = ServerConnection.makeSettings(),
  init: RequestInit = {}
): Promise<T> {
  const url = URLExt.join(settings.baseUrl, 'gptinterp', endPoint) + query;
  const response = await ServerConnection.makeRequest(url, init, settings);
  if (!response.ok) {
    throw await ServerConnection.ResponseError.create(response);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** `GET /gptinterp/info`: server and protocol versions, whether a model is configured. */
export function fetchInfo(
  settings?: ServerConnection.ISettings
): Promise<Info> {
  return requestAPI<Info>('info', '', settings);
}

/** The chats of one notebook, most recently updated first. */
export async function fetchChats(
  notebookPath: string,
  settings?: ServerConnection.ISettings
): Promise<ChatInfo[]> {
  const query = URLExt.objectToQueryString({ notebook_path: notebookPath });
  const list = await requestAPI<ChatList>('chats', query, settings);
  return list.chats.slice().sort((a, b) => b.updated - a.updated);
}

/** Rename a chat; returns it as the server now has it. */
export function renameChat(
  chatId: string,
  title: string,
  settings?: ServerConnection.ISettings
): Promise<ChatInfo> {
  const body: ChatPatch = { title };
  return requestAPI<ChatInfo>(
    `chats/${encodeURIComponent(chatId)}`,
    '',
    settings,
    {
      method: 'PATCH',
      body: JSON.stringify(body)
    }
  );
}

/** Delete a chat and its history; its running turn stops, its pending code never runs. */
export function deleteChat(
  chatId: string,
  settings?: ServerConnection.ISettings
): Promise<void> {
  return requestAPI<void>(`chats/${encodeURIComponent(chatId)}`, '', settings, {
    method: 'DELETE'
  });
}

/** One message of what the model was sent (images as "[image]"). */
/** The messages of the chat's latest model call (empty before any, or after a restart). */
export async function fetchSent(
  chatId: string,
  settings?: ServerConnection.ISettings
): Promise<SentMessage[]> {
  const reply = await requestAPI<SentReply>(
    `chats/${encodeURIComponent(chatId)}/sent`,
    '',
    settings
  );
  return reply.messages;
}
