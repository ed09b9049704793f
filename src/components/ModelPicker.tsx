/**
 * The model picker beside Send: the models the server offers, grouped by provider; the choice
 * goes through the select-model command (which remembers it in the settings registry).
 */
import { HTMLSelect } from '@jupyterlab/ui-components';
import React from 'react';

import type { ChatManager } from '../chatmanager';
import { CommandIDs } from '../tokens';
import { useServices } from './hooks';

export function ModelPicker(props: {
  manager: ChatManager;
}): JSX.Element | null {
  const { manager } = props;
  const { commands, trans } = useServices();
  const models = manager.server.info?.models ?? [];
  const current = manager.model;
  if (models.length === 0 || !current) {
    return null;
  }
  const providers = [...new Set(models.map(m => m.provider))];
  return (
    <HTMLSelect
      className="jp-gptinterp-model-picker"
      aria-label={trans.__('Model')}
      title={trans.__('The model that answers your next message')}
      value={current.id}
      onChange={e =>
        void commands.execute(CommandIDs.selectModel, {
          modelId: e.currentTarget.value
        })
      }
    >
      {providers.map(provider => (
        <optgroup key={provider} label={provider}>
          {models
            .filter(m => m.provider === provider)
            .map(m => (
              <option key={m.id} value={m.id}>
                {m.local ? trans.__('%1 (on this machine)', m.name) : m.name}
              </option>
            ))}
        </optgroup>
      ))}
    </HTMLSelect>
  );
}
