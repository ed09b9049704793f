/**
 * Preferences: the user's settings of this extension (schema/plugin.json), kept current from
 * the settings registry. The mapping from raw setting values is a pure function, so defaults
 * and odd values are tested without a registry.
 */
import type { ISettingRegistry } from '@jupyterlab/settingregistry';
import { ISignal, Signal } from '@lumino/signaling';

const DEFAULT_MAX_UPLOAD_MB = 50;

export interface IPreferences {
  /** A model id the server offers, or '' for its default. */
  readonly model: string;
  /** Where approved code goes: below the active cell, or at the end of the notebook. */
  readonly generatedCells: 'below-active' | 'end';
  /** Offer, after each turn, to show what the model was sent. */
  readonly showSent: boolean;
  /** Enter sends (Shift+Enter: new line); else Ctrl/Cmd+Enter sends. */
  readonly sendOnEnter: boolean;
  /** The largest file that can be attached, in bytes. */
  readonly maxUploadBytes: number;
}

export const DEFAULT_PREFERENCES: IPreferences = preferencesFrom(
  () => undefined
);

/** The preferences from the settings' values (`value(key)`), with defaults for the rest. */
export function preferencesFrom(value: (key: string) => unknown): IPreferences {
  const model = value('model');
  const mb = Number(value('maxUploadMB'));
  return {
    model: typeof model === 'string' ? model : '',
    generatedCells: value('generatedCells') === 'end' ? 'end' : 'below-active',
    showSent: value('showSent') === true,
    sendOnEnter: value('sendOnEnter') !== false,
    maxUploadBytes: (mb > 0 ? mb : DEFAULT_MAX_UPLOAD_MB) * 1024 * 1024
  };
}

export class Preferences {
  constructor(values: Partial<IPreferences> = {}) {
    this._values = { ...DEFAULT_PREFERENCES, ...values };
  }

  get changed(): ISignal<this, void> {
    return this._changed;
  }

  get values(): IPreferences {
    return this._values;
  }

  set(values: Partial<IPreferences>): void {
    this._values = { ...this._values, ...values };
    this._changed.emit();
  }

  /** Follow these settings from now on; a model picked in the sidebar is saved in them. */
  follow(settings: ISettingRegistry.ISettings): void {
    this._settings = settings;
    const read = () =>
      this.set(preferencesFrom(key => settings.get(key).composite));
    read();
    settings.changed.connect(read);
  }

  /** The user picked a model: remembered in the settings (kept across sessions). */
  selectModel(modelId: string): void {
    this.set({ model: modelId });
    void this._settings?.set('model', modelId);
  }

  private _values: IPreferences;
  private _settings: ISettingRegistry.ISettings | null = null;
  private _changed = new Signal<this, void>(this);
}
