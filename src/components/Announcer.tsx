/**
 * What a screen reader is told without the user moving focus: each new phase of a turn ("Waiting
 * for you", "Running…") and each new card to decide, in a polite live region. Progress within
 * a phase is not announced: it would talk over everything else.
 */
import React, { useEffect, useRef, useState } from 'react';

import type { ChatModel } from '../model';
import { phaseLabel } from '../phase';
import { useServices } from './hooks';

export function Announcer(props: { model: ChatModel }): JSX.Element {
  const { trans } = useServices();
  const { model } = props;
  const [text, setText] = useState('');
  const last = useRef({ phase: '', proposal: '' });
  const phase = model.phase;
  const pending = model.pendingProposal();

  useEffect(() => {
    const said = last.current;
    const name = phase?.phase ?? '';
    const proposal = pending?.proposalId ?? '';
    if (proposal && proposal !== said.proposal) {
      setText(
        pending?.proposalKind === 'replace_cell'
          ? trans.__('A fix to review: %1', pending.reason)
          : trans.__('Code to review: %1', pending?.reason ?? '')
      );
    } else if (name && name !== said.phase && phase) {
      setText(phaseLabel(phase, trans));
    }
    last.current = { phase: name, proposal };
  }, [phase?.phase, pending?.proposalId]);

  return (
    <div className="jp-gptinterp-announce" role="status" aria-live="polite">
      {text}
    </div>
  );
}
