import { AttachmentUploads, IFileUploader } from '../attachments';
import type { IAttachment } from '../items';
import { UploadError } from '../upload';

function chat() {
  const attached: IAttachment[] = [];
  return {
    attached,
    notebookPath: 'work/nb.ipynb',
    addAttachment: (file: IAttachment) => attached.push(file)
  };
}

describe('AttachmentUploads', () => {
  it('shows progress while uploading, then attaches the file to its chat', async () => {
    const seen: number[][] = [];
    let finish: () => void = () => undefined;
    const uploader: IFileUploader = {
      upload: (file, directory, onProgress) =>
        new Promise(resolve => {
          onProgress(0.5);
          finish = () =>
            resolve({
              path: `${directory}/${file.name}`,
              name: file.name,
              size: 3
            });
        })
    };
    const uploads = new AttachmentUploads({ uploader });
    uploads.changed.connect(() =>
      seen.push(uploads.progress.map(p => p.fraction))
    );
    const target = chat();
    const done = uploads.upload(target, [new File(['abc'], 'a.csv')]);
    expect(uploads.progress).toEqual([
      expect.objectContaining({ name: 'a.csv', fraction: 0.5 })
    ]);
    finish();
    await done;
    expect(uploads.progress).toEqual([]);
    expect(target.attached).toEqual([
      { path: 'work/a.csv', name: 'a.csv', size: 3 }
    ]);
    expect(seen).toContainEqual([0.5]);
  });

  it('says why a file was refused, and forgets it at the next upload', async () => {
    const uploader: IFileUploader = {
      upload: async file => {
        if (file.name === 'big.bin') {
          throw new UploadError('big.bin is 9.0 MB; the limit is 1.0 MB.');
        }
        throw new Error('network down');
      }
    };
    const uploads = new AttachmentUploads({ uploader });
    const target = chat();
    await uploads.upload(target, [
      new File(['x'], 'big.bin'),
      new File(['y'], 'b.csv')
    ]);
    expect(uploads.errors).toEqual([
      'big.bin is 9.0 MB; the limit is 1.0 MB.',
      'b.csv could not be uploaded: Error: network down'
    ]);
    expect(target.attached).toEqual([]);
    await uploads.upload(target, []);
    expect(uploads.errors).toEqual([]);
  });
});
