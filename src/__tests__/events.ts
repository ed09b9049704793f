/**
 * Builders of server messages for tests: complete objects of the generated protocol types,
 * with only what a test cares about spelled out.
 */
import type {
  ChatOpened,
  ClientMessage,
  Error as ErrorReply,
  NotebookView
} from '../protocol';
import type { ChatEvent } from '../protocol';

export const CHAT = 'c-1';

type EventOf<T extends ChatEvent['type']> = Extract<ChatEvent, { type: T }>;

/** Fields with a server-side default: a test names them only when it cares. */
const DEFAULTS: { [K in ChatEvent['type']]?: Record<string, unknown> } = {
  assistant_message: { model: '', ungrounded: [], stopped: false },
  proposal_decided: { auto: false },
  execution_done: { files: [] },
  execution_started: { kernel_busy: false },
  turn_ended: {
    llm_calls: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    cached_tokens: 0
  }
};
type Defaulted =
  | 'model'
  | 'ungrounded'
  | 'stopped'
  | 'auto'
  | 'files'
  | 'kernel_busy'
  | 'llm_calls'
  | 'prompt_tokens'
  | 'completion_tokens'
  | 'cached_tokens';

/** A chat event of `type`; `seq` is required except for the ephemeral ones. */
export function ev<T extends ChatEvent['type']>(
  type: T,
  fields: Omit<EventOf<T>, 'type' | 'chat_id' | 'ts' | Defaulted> &
    Partial<Pick<EventOf<T>, Extract<keyof EventOf<T>, Defaulted>>> & {
      chat_id?: string;
    }
): EventOf<T> {
  return {
    chat_id: CHAT,
    ts: 0,
    type,
    ...DEFAULTS[type],
    ...fields
  } as unknown as EventOf<T>;
}

export function opened(
  chatId = CHAT,
  lastSeq = 0,
  requestId: string | null = null
): ChatOpened {
  return {
    type: 'chat_opened',
    request_id: requestId,
    chat: {
      chat_id: chatId,
      notebook_path: 'nb.ipynb',
      title: 'Chat',
      created: 0,
      updated: 0
    },
    last_seq: lastSeq
  };
}

export function errorReply(
  code: ErrorReply['code'],
  message: string,
  requestId: string | null = null,
  chatId: string | null = CHAT
): ErrorReply {
  return {
    type: 'error',
    request_id: requestId,
    chat_id: chatId,
    code,
    message
  };
}

export const VIEW: NotebookView = {
  path: 'nb.ipynb',
  kernel_id: 'k-1',
  cells: []
};

/** A `send` that records what it sends and can be switched off (disconnected). */
export function recorder() {
  const sent: ClientMessage[] = [];
  const state = { connected: true };
  const send = (msg: ClientMessage) => {
    if (state.connected) {
      sent.push(msg);
    }
    return state.connected;
  };
  return { sent, send, state };
}

/** A proposal event with its defaults. */
export function proposal(seq: number, proposalId = 'p-1', code = 'print(1)') {
  return ev('proposal', {
    seq,
    proposal_id: proposalId,
    code,
    reason: 'to see',
    notebook_path: 'nb.ipynb',
    kernel_id: 'k-1',
    kind: 'run_code',
    cell_id: null,
    old_source: null
  });
}
