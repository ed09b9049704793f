/**
 * The entries of a chat transcript, as the model holds them and the views render them.
 * Plain immutable data: a change produces a new object, so views can compare by identity.
 */
import type {
  ErrorCode,
  ExecutionDone,
  ExecutionOutput,
  ProposalEvent
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
}

/** What a turn cost, as the provider reported it (shown small, after the turn). */
export interface IUsageItem {
  readonly kind: 'usage';
  readonly key: string;
  readonly calls: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export interface IProposalItem {
  readonly kind: 'proposal';
  readonly key: string;
  readonly proposalId: string;
  /** run_code: a new cell; replace_cell: new source for the cell `cellId` (was `oldSource`). */
  readonly proposalKind: ProposalEvent['kind'];
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
}

export interface INoticeItem {
  readonly kind: 'notice';
  readonly key: string;
  readonly level: NoticeLevel;
  readonly text: string;
  readonly code: ErrorCode | null;
}

export type ChatItem =
  IUserItem | IAssistantItem | IProposalItem | INoticeItem | IUsageItem;
