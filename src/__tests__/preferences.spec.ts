import { Preferences, preferencesFrom } from '../preferences';
import { ServerInfo } from '../serverinfo';
import { PROTOCOL_VERSION } from '../tokens';

describe('preferencesFrom', () => {
  it('gives the schema defaults for missing or odd values', () => {
    expect(preferencesFrom(() => undefined)).toEqual({
      model: '',
      generatedCells: 'below-active',
      showSent: false,
      sendOnEnter: true,
      maxUploadBytes: 50 * 1024 * 1024
    });
    const odd: Record<string, unknown> = {
      model: 7,
      generatedCells: 'sideways',
      maxUploadMB: -3,
      sendOnEnter: 0
    };
    const values = preferencesFrom(key => odd[key]);
    expect(values.model).toBe('');
    expect(values.generatedCells).toBe('below-active');
    expect(values.maxUploadBytes).toBe(50 * 1024 * 1024);
    expect(values.sendOnEnter).toBe(true);
  });

  it('maps the settings the user chose', () => {
    const chosen: Record<string, unknown> = {
      model: 'p/a',
      generatedCells: 'end',
      showSent: true,
      sendOnEnter: false,
      maxUploadMB: 2
    };
    expect(preferencesFrom(key => chosen[key])).toEqual({
      model: 'p/a',
      generatedCells: 'end',
      showSent: true,
      sendOnEnter: false,
      maxUploadBytes: 2 * 1024 * 1024
    });
  });

  it('tells its listeners when a model is picked', () => {
    const preferences = new Preferences();
    let changes = 0;
    preferences.changed.connect(() => changes++);
    preferences.selectModel('p/b');
    expect(preferences.values.model).toBe('p/b');
    expect(changes).toBe(1);
  });
});

describe('ServerInfo.handshake', () => {
  const info = (protocol_version: number) => ({
    server_version: '9.9',
    protocol_version,
    model: '',
    tool_mode: 'tools' as const,
    provider: 'none' as const,
    configured: false,
    setup_hint: '',
    models: [],
    default_model: '',
    allow_auto_run: false,
    max_upload_mb: 50
  });

  it('accepts a server of this protocol', async () => {
    const server = new ServerInfo();
    expect(await server.handshake(async () => info(PROTOCOL_VERSION))).toBe(
      true
    );
    expect(server.problem).toBe('');
    expect(server.info?.server_version).toBe('9.9');
  });

  it('says what to do when the protocols differ or the server does not answer', async () => {
    const other = new ServerInfo();
    expect(await other.handshake(async () => info(PROTOCOL_VERSION + 1))).toBe(
      false
    );
    expect(other.problem).toContain('Reload the page');
    expect(other.info).toBeNull();

    const silent = new ServerInfo();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await silent.handshake(() => Promise.reject(new Error('404')))).toBe(
      false
    );
    expect(silent.problem).toContain('jupyter server extension list');
  });
});
