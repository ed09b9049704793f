import type { Contents } from '@jupyterlab/services';

import { CHUNK_SIZE, sanitizeName, Uploader, UploadError } from '../upload';

/** A Contents manager that keeps saved files in memory and records each save. */
function fakeContents(existing: string[] = []) {
  const files = new Map<string, string>(existing.map(p => [p, '']));
  const saves: Array<{ path: string; chunk?: number; bytes: number }> = [];
  const contents = {
    get: async (path: string) => {
      if (!files.has(path)) {
        throw new Error('404');
      }
      return { path } as Contents.IModel;
    },
    save: async (path: string, model: Partial<Contents.IModel>) => {
      const bytes = atob(model.content as string);
      saves.push({ path, chunk: model.chunk, bytes: bytes.length });
      const before =
        model.chunk && model.chunk !== 1 ? (files.get(path) ?? '') : '';
      files.set(path, before + bytes);
      return { path } as Contents.IModel;
    }
  } as unknown as Contents.IManager;
  return { contents, files, saves };
}

describe('sanitizeName', () => {
  it.each([
    ['sales.csv', 'sales.csv'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\report.xlsx', 'report.xlsx'],
    ['.bashrc', 'bashrc'],
    ['..', ''],
    ['a\x00b\x1f.csv', 'a_b_.csv'],
    ['we<ird>:"na|me?*.txt', 'we_ird_na_me_.txt'],
    [`${'x'.repeat(300)}.csv`, `${'x'.repeat(196)}.csv`],
    ['report\u202efdp.exe', 'reportfdp.exe'],
    ['\u2067\u200fdata\u2069\u061c.csv', 'data.csv']
  ])('%j → %j (as the server does)', (name, safe) => {
    expect(sanitizeName(name)).toBe(safe);
  });
});

describe('Uploader', () => {
  it('uploads beside the notebook under a sanitized, free name', async () => {
    const { contents, files } = fakeContents(['work/sales.csv']);
    const uploader = new Uploader({ contents });
    const file = new File(['a,b\n1,2\n'], '../sales.csv');
    const done = await uploader.upload(file, 'work');
    expect(done).toEqual({
      path: 'work/sales (1).csv',
      name: 'sales (1).csv',
      size: 8
    });
    expect(files.get('work/sales (1).csv')).toBe('a,b\n1,2\n');
  });

  it('sends large files in chunks and reports progress', async () => {
    const { contents, files, saves } = fakeContents();
    const uploader = new Uploader({ contents });
    const size = CHUNK_SIZE * 2 + 10;
    const progress: number[] = [];
    await uploader.upload(new File([new Uint8Array(size)], 'big.bin'), '', f =>
      progress.push(f)
    );
    expect(saves.map(s => s.chunk)).toEqual([1, 2, -1]);
    expect(files.get('big.bin')!.length).toBe(size);
    expect(progress).toEqual([0, 1 / 3, 2 / 3, 1]);
  });

  it('refuses files over the limit and names that sanitize to nothing', async () => {
    const { contents, saves } = fakeContents();
    const uploader = new Uploader({ contents, maxBytes: () => 100 });
    await expect(
      uploader.upload(new File([new Uint8Array(101)], 'x.csv'), '')
    ).rejects.toThrow(/limit is 0\.0 MB/);
    await expect(uploader.upload(new File(['x'], '..'), '')).rejects.toThrow(
      UploadError
    );
    expect(saves).toEqual([]);
  });
});
