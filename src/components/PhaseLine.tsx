/**
 * What the running turn does, at the end of the transcript where the user looks: the phase in
 * words, the prompt's reading progress as a bar when the server reports it, else the time the
 * phase has taken (ticking). Nothing when no turn runs.
 */
import React from 'react';

import { formatElapsed } from '../format';
import type { ChatModel } from '../model';
import { phaseText, showsElapsed } from '../phase';
import { useNow, useServices } from './hooks';

export function PhaseLine(props: { model: ChatModel }): JSX.Element | null {
  const { trans } = useServices();
  const { phase, busy } = props.model;
  const ticking = busy && !!phase && showsElapsed(phase);
  const now = useNow(ticking ? 1000 : null);
  if (!busy) {
    return null;
  }
  const name = phase?.phase ?? 'working';
  const text = phase ? phaseText(phase, trans) : trans.__('Working…');
  return (
    <div className="jp-gptinterp-phase" data-phase={name}>
      {name !== 'waiting' && (
        <span className="jp-gptinterp-spinner" aria-hidden="true" />
      )}
      <span className="jp-gptinterp-phase-text">{text}</span>
      {phase && phase.total > 0 && (
        <progress
          className="jp-gptinterp-phase-progress"
          max={phase.total}
          value={phase.processed}
          aria-label={trans.__('Prompt read')}
        />
      )}
      {ticking && phase && (
        <span className="jp-gptinterp-phase-elapsed">
          {formatElapsed(now - phase.startedAt, true)}
        </span>
      )}
    </div>
  );
}
