/**
 * The entries of a chat transcript, as the model holds them and the views render them.
 * Plain immutable data: a change produces a new object, so views can compare by identity.
 */
import type {
  ErrorCode,
  ExecutionDone,
  ExecutionOutput,
  ProposalEvent,
  WrittenFile
} from './protocol';

export type ProposalStatus =
  'pending' | 'approved' | 'rejected' | 'cancelled' | 'running' | 'done';

export type NoticeLevel = 'info' | 'warning' | 'error';

export interface IUserItem {
  readonly kind: 'user';
  readonly key: string;
  readonly text: string;
}

export interface IAssistantItem {
  readonly kind: 'assistant';
  readonly key: string;
  readonly messageId: string;
  readonly text: string;
  /** Built from deltas; the final `assistant_message` replaces it. */
  readonly streaming: boolean;
  /** Which model answered ('' while streaming or when the server did not say). */
  readonly model: string;
  /** Numbers in the answer that appear in no output the assistant saw: to be checked. */
  readonly ungrounded: ReadonlyArray<string>;
  /** Cut off (by Stop or the time limit): what it had written so far. */
  readonly stopped: boolean;
}

/** What a turn cost, as the provider reported it (shown small, after the turn). */
export interface IUsageItem {
  readonly kind: 'usage';
  readonly key: string;
  /** The model that answered (its last message in the turn), or ''. */
  readonly model: string;
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface IProposalItem {
  readonly kind: 'proposal';
  readonly key: string;
  readonly proposalId: string;
  /**
   * run_code: a new cell; replace_cell: new source for the cell `cellId` (was `oldSource`);
   * mcp_tool: a call of the tool `toolName` of the MCP server `toolServer`, `code` being its
   * arguments as a JSON object.
   */
  readonly proposalKind: ProposalEvent['kind'];
  readonly toolServer: string | null;
  readonly toolName: string | null;
  readonly toolDescription: string;
  readonly cellId: string | null;
  readonly oldSource: string | null;
  /** As the user edited it while pending; after approval, what ran. */
  readonly code: string;
  /** As the model proposed it. */
  readonly proposedCode: string;
  readonly reason: string;
  readonly notebookPath: string;
  readonly status: ProposalStatus;
  /** The rejection reason or why it was cancelled. */
  readonly decisionReason: string;
  /** Run or Reject was sent and the server has not answered yet. */
  readonly submitting: boolean;
  /** nbformat outputs, by their `index` in the execution. */
  readonly outputs: ReadonlyArray<ExecutionOutput['output']>;
  readonly executionCount: number | null;
  readonly result: ExecutionDone['status'] | null;
  readonly message: string;
  /** When the execution started (ms since the epoch, the server's clock); null before. */
  readonly startedAt: number | null;
  /** The kernel was busy with another cell (e.g. the user's) when this one was sent. */
  readonly kernelBusy: boolean;
  /** How long it ran (ms), once done; null while running or when unknown. */
  readonly elapsed: number | null;
  /** Files the execution created or changed in the notebook's directory. */
  readonly files: ReadonlyArray<WrittenFile>;
}

export interface INoticeItem {
  readonly kind: 'notice';
  readonly key: string;
  readonly level: NoticeLevel;
  readonly text: string;
  readonly code: ErrorCode | null;
}

/** A file the user uploaded for the next message. */
export interface IAttachment {
  /** Relative to the server root, as the Contents API names it. */
  readonly path: string;
  readonly name: string;
  readonly size: number;
}

export type ChatItem =
  IUserItem | IAssistantItem | IProposalItem | INoticeItem | IUsageItem;
