/**
 * Shown when the server offers no model: the three ways to get one, each ready to copy. Never
 * an error trace: a first-time user should know what to do next.
 */
import React from 'react';

import { useServices } from './hooks';

// Commands and configuration, shown as typed: never translated.
const LOCAL = 'pip install "jupyterlab-gptinterp[local]"';
const OPENAI = 'export OPENAI_API_KEY=sk-…';
const CONFIG = `# jupyter_server_config.py
c.GPTInterp.providers = [
    {"name": "ollama", "base_url": "http://localhost:11434/v1",
     "models": [{"name": "qwen2.5-coder:7b", "tool_mode": "fenced"}]},
]`;

export function SetupPanel(): JSX.Element {
  const { trans } = useServices();
  return (
    <div
      className="jp-gptinterp-setup"
      role="region"
      aria-label={trans.__('Set up a model')}
    >
      <h3>{trans.__('Choose a model to start')}</h3>
      <p>
        {trans.__(
          'The assistant needs a language model. Pick one way, then restart JupyterLab:'
        )}
      </p>
      <ol>
        <li>
          <strong>{trans.__('A local model, no account:')}</strong>
          <pre>{LOCAL}</pre>
        </li>
        <li>
          <strong>{trans.__('OpenAI:')}</strong>{' '}
          {trans.__('set the key in the environment JupyterLab starts in:')}
          <pre>{OPENAI}</pre>
        </li>
        <li>
          <strong>
            {trans.__(
              'Any OpenAI-compatible server (vLLM, Ollama, llama.cpp, LiteLLM):'
            )}
          </strong>
          <pre>{CONFIG}</pre>
        </li>
      </ol>
      <p className="jp-gptinterp-setup-note">
        {trans.__('Keys stay on the server: the browser never sees them.')}
      </p>
    </div>
  );
}
