/**
 * How a chat event changes the transcript: pure functions from items to new items, so the
 * ChatModel only has to deal with sequencing, requests and flags.
 */
import type {
  ChatEvent,
  ErrorCode,
  ExecutionOutput,
  TurnEnded
} from './protocol';
import type { ChatItem, IProposalItem, NoticeLevel } from './items';

type Output = ExecutionOutput['output'];

/** Events that may come while a message streams (the others end it). */
const KEEPS_STREAMING = new Set([
  'assistant_delta',
  'assistant_message',
  'status'
]);

/** The transcript without text still streaming (a reply that got no final message). */
export function withoutStreamed(
  items: ReadonlyArray<ChatItem>
): ReadonlyArray<ChatItem> {
  return items.filter(i => !(i.kind === 'assistant' && i.streaming));
}

/** Makes the key of a new notice (keys must stay unique within a chat). */
export type NoticeKeys = () => string;

export function applyEvent(
  items: ReadonlyArray<ChatItem>,
  msg: ChatEvent,
  noticeKey: NoticeKeys
): ReadonlyArray<ChatItem> {
  if (!KEEPS_STREAMING.has(msg.type)) {
    // Streamed text that got no final message (e.g. a fenced block that became a proposal).
    items = withoutStreamed(items);
  }
  switch (msg.type) {
    case 'user_message':
      return [...items, { kind: 'user', key: `u-${msg.seq}`, text: msg.text }];
    case 'assistant_delta':
      return delta(items, msg.message_id, msg.delta);
    case 'assistant_message':
      return upsert(items, {
        kind: 'assistant',
        key: `a-${msg.message_id}`,
        messageId: msg.message_id,
        text: msg.text,
        streaming: false,
        model: msg.model,
        ungrounded: msg.ungrounded,
        stopped: msg.stopped
      });
    case 'proposal':
      if (findProposal(items, msg.proposal_id)) {
        return items;
      }
      return [
        ...items,
        {
          kind: 'proposal',
          key: `p-${msg.proposal_id}`,
          proposalId: msg.proposal_id,
          proposalKind: msg.kind,
          toolServer: msg.tool_server,
          toolName: msg.tool_name,
          toolDescription: msg.tool_description,
          cellId: msg.cell_id,
          oldSource: msg.old_source,
          code: msg.code,
          proposedCode: msg.code,
          reason: msg.reason,
          notebookPath: msg.notebook_path,
          status: 'pending',
          decisionReason: '',
          submitting: false,
          outputs: [],
          executionCount: null,
          result: null,
          message: '',
          startedAt: null,
          kernelBusy: false,
          elapsed: null,
          files: []
        }
      ];
    case 'proposal_decided':
      return updateProposal(items, msg.proposal_id, p => ({
        status: msg.decision,
        code: msg.code ?? p.code,
        decisionReason: msg.reason,
        submitting: false
      }));
    case 'execution_started':
      return updateProposal(items, msg.proposal_id, () => ({
        status: 'running',
        code: msg.code,
        startedAt: msg.ts ? msg.ts * 1000 : Date.now(),
        kernelBusy: msg.kernel_busy,
        elapsed: null
      }));
    case 'execution_output':
      return updateProposal(items, msg.proposal_id, p => ({
        outputs: withOutput(p.outputs, msg.index, msg.output)
      }));
    case 'execution_done':
      return updateProposal(items, msg.proposal_id, p => ({
        status: 'done',
        result: msg.status,
        executionCount: msg.execution_count,
        message: msg.message,
        elapsed:
          p.startedAt !== null && msg.ts
            ? Math.max(0, msg.ts * 1000 - p.startedAt)
            : null,
        files: msg.files ?? []
      }));
    case 'tool_call_started':
      return updateProposal(items, msg.proposal_id, () => ({
        status: 'running',
        code: msg.arguments,
        startedAt: msg.ts ? msg.ts * 1000 : Date.now(),
        elapsed: null
      }));
    case 'tool_call_done':
      return updateProposal(items, msg.proposal_id, p => ({
        status: 'done',
        result: msg.status,
        outputs: msg.output ? [msg.output] : [],
        message: msg.message,
        elapsed:
          p.startedAt !== null && msg.ts
            ? Math.max(0, msg.ts * 1000 - p.startedAt)
            : null
      }));
    case 'turn_ended': {
      const notice = turnNotice(msg);
      if (notice) {
        items = addNotice(
          items,
          noticeKey(),
          notice.level,
          notice.text,
          msg.error_code
        );
      }
      return msg.llm_calls > 0 && !items.some(i => i.key === `t-${msg.turn_id}`)
        ? [
            ...items,
            {
              kind: 'usage',
              key: `t-${msg.turn_id}`,
              model: lastModel(items),
              calls: msg.llm_calls,
              promptTokens: msg.prompt_tokens,
              completionTokens: msg.completion_tokens
            }
          ]
        : items;
    }
    case 'approval_mode':
      return items.some(i => i.key === `m-${msg.seq}`)
        ? items
        : [
            ...items,
            {
              kind: 'notice',
              key: `m-${msg.seq}`,
              level: msg.mode === 'auto' ? 'warning' : 'info',
              text:
                msg.mode === 'auto'
                  ? 'From the next message on, code proposed in this chat runs without asking.'
                  : 'From the next message on, this chat asks before running code.',
              code: null
            }
          ];
    default:
      return items;
  }
}

export function findProposal(
  items: ReadonlyArray<ChatItem>,
  proposalId: string
): IProposalItem | undefined {
  return items.find(
    (i): i is IProposalItem =>
      i.kind === 'proposal' && i.proposalId === proposalId
  );
}

export function updateProposal(
  items: ReadonlyArray<ChatItem>,
  proposalId: string,
  change: (p: IProposalItem) => Partial<IProposalItem>
): ReadonlyArray<ChatItem> {
  // Replaced, never mutated, so views can skip the items that did not change.
  return items.map(i =>
    i.kind === 'proposal' && i.proposalId === proposalId
      ? { ...i, ...change(i) }
      : i
  );
}

export function addNotice(
  items: ReadonlyArray<ChatItem>,
  key: string,
  level: NoticeLevel,
  text: string,
  code: ErrorCode | null = null
): ReadonlyArray<ChatItem> {
  return [...items, { kind: 'notice', key, level, text, code }];
}

/** The items without the notices of these error codes (a fixed fault's notes, now stale). */
export function withoutNotices(
  items: ReadonlyArray<ChatItem>,
  codes: ReadonlySet<ErrorCode>
): ReadonlyArray<ChatItem> {
  const kept = items.filter(
    i => i.kind !== 'notice' || i.code === null || !codes.has(i.code)
  );
  return kept.length === items.length ? items : kept;
}

/** What the user is told when a turn ends otherwise than with an answer. */
function turnNotice(
  msg: TurnEnded
): { level: NoticeLevel; text: string } | null {
  switch (msg.reason) {
    case 'answer':
      return msg.message ? { level: 'info', text: msg.message } : null;
    case 'step_cap':
    case 'token_cap':
    case 'time_cap':
      return { level: 'warning', text: msg.message };
    case 'error':
      return { level: 'error', text: msg.message };
    case 'stopped':
      return { level: 'info', text: msg.message || 'Stopped.' };
  }
}

function delta(
  items: ReadonlyArray<ChatItem>,
  messageId: string,
  text: string
): ReadonlyArray<ChatItem> {
  const key = `a-${messageId}`;
  const item = items.find(i => i.key === key);
  if (!item) {
    return [
      ...items,
      {
        kind: 'assistant',
        key,
        messageId,
        text,
        streaming: true,
        model: '',
        ungrounded: [],
        stopped: false
      }
    ];
  }
  if (item.kind !== 'assistant' || !item.streaming) {
    return items; // a late delta after the final message
  }
  return items.map(i => (i === item ? { ...item, text: item.text + text } : i));
}

function upsert(
  items: ReadonlyArray<ChatItem>,
  item: ChatItem
): ReadonlyArray<ChatItem> {
  const index = items.findIndex(i => i.key === item.key);
  return index < 0
    ? [...items, item]
    : items.map((i, n) => (n === index ? item : i));
}

/** Outputs by index: a replayed index replaces rather than duplicates. */
function withOutput(
  outputs: ReadonlyArray<Output>,
  index: number,
  output: Output
): Output[] {
  const next = outputs.slice();
  if (index < next.length) {
    next[index] = output;
  } else {
    next.push(output);
  }
  return next;
}

/** The model of the latest assistant message (the turn's answer). */
function lastModel(items: ReadonlyArray<ChatItem>): string {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i];
    if (item.kind === 'assistant' && item.model) {
      return item.model;
    }
    if (item.kind === 'user') {
      break;
    }
  }
  return '';
}

/**
 * Whether the proposal at `index` would repeat, as its reason, what the assistant said right
 * before it (the reason of a fenced reply is the last line of the prose before its code).
 */
export function echoedReason(
  items: ReadonlyArray<ChatItem>,
  index: number
): boolean {
  const item = items[index];
  const before = items[index - 1];
  if (item?.kind !== 'proposal' || before?.kind !== 'assistant') {
    return false;
  }
  const reason = item.reason.trim();
  return !!reason && before.text.trim().endsWith(reason);
}
