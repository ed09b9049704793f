/**
 * What a turn is doing, in words: the sidebar names every wait (reading the prompt, writing,
 * waiting for the user, running…) from the server's `phase` events. Pure, so the wording is
 * tested without a DOM.
 */
import type { PhaseEvent } from './protocol';

/** A turn's phase as the chat holds it; `sending` until the server has taken the message. */
export interface ITurnPhase {
  readonly phase: PhaseEvent['phase'] | 'sending';
  readonly detail: string;
  /** Tokens of the prompt read so far, of `total` (0 of 0: not reported). */
  readonly processed: number;
  readonly total: number;
  /** When the phase began, on this page's clock (ms since the epoch). */
  readonly startedAt: number;
}

export interface ITranslation {
  __(msgid: string, ...args: any[]): string;
}

/** The phase from a server event received at `now` (corrected for the server's clock). */
export function phaseFrom(event: PhaseEvent, now: number): ITurnPhase {
  const skew = event.ts ? now - event.ts * 1000 : 0;
  return {
    phase: event.phase,
    detail: event.detail,
    processed: event.processed,
    total: event.total,
    startedAt: event.since ? event.since * 1000 + skew : now
  };
}

/** The sentence shown in the chat, below its last entry. */
export function phaseText(phase: ITurnPhase, trans: ITranslation): string {
  switch (phase.phase) {
    case 'sending':
      return trans.__('Sending your message…');
    case 'reading':
      return phase.total > 0
        ? trans.__(
            'Reading the prompt: %1 of %2 tokens',
            phase.processed.toLocaleString('en-US'),
            phase.total.toLocaleString('en-US')
          )
        : trans.__('Reading the prompt…');
    case 'writing':
      return trans.__('Writing…');
    case 'checking':
      return trans.__('Checking the result against your question…');
    case 'waiting':
      return trans.__('Waiting for you: run or reject the code above.');
    case 'running':
      return trans.__('Running the code…');
    case 'installing':
      return trans.__('Installing packages…');
    case 'retrying':
      return phase.detail || trans.__('Retrying…');
  }
}

/** The header's few words. */
export function phaseLabel(phase: ITurnPhase, trans: ITranslation): string {
  switch (phase.phase) {
    case 'sending':
      return trans.__('Sending…');
    case 'reading':
      return trans.__('Reading…');
    case 'writing':
      return trans.__('Writing…');
    case 'checking':
      return trans.__('Checking…');
    case 'waiting':
      return trans.__('Waiting for you');
    case 'running':
      return trans.__('Running…');
    case 'installing':
      return trans.__('Installing…');
    case 'retrying':
      return trans.__('Retrying…');
  }
}

/** Whether the elapsed time is worth showing (not while the turn waits for the user). */
export function showsElapsed(phase: ITurnPhase): boolean {
  return phase.phase !== 'waiting' && phase.phase !== 'sending';
}
