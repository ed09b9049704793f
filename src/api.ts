/**
 * The REST side of the server extension: the version handshake and a notebook's chats.
 */
import { URLExt } from '@jupyterlab/coreutils';
import { ServerConnection } from '@jupyterlab/services';

import type { ChatInfo, ChatList, Info } from './protocol';

async function requestAPI<T>(
  endPoint: string,
  query = '',
  settings: ServerConnection.ISettings = ServerConnection.makeSettings()
): Promise<T> {
  const url = URLExt.join(settings.baseUrl, 'gptinterp', endPoint) + query;
  const response = await ServerConnection.makeRequest(url, {}, settings);
  if (!response.ok) {
    throw new ServerConnection.ResponseError(response);
  }
  return (await response.json()) as T;
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
