/**
 * The extension's icon: a speech bubble holding a `>_` prompt (chat that runs code).
 * `jp-icon3` lets JupyterLab recolor it for light and dark themes.
 */
import { LabIcon } from '@jupyterlab/ui-components';

const svgstr = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24">
  <path class="jp-icon3" fill="#616161" fill-rule="evenodd" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3.3 4.3L6 8.6 8.4 11 6 13.4l1.3 1.3L11 11zM12 13v1.8h5V13z"/>
</svg>`;

export const chatIcon = new LabIcon({
  name: 'jupyterlab-gptinterp:chat',
  svgstr
});
