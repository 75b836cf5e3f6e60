import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Attachment bytes on disk under `DATA_DIR/attachments`, one file per content, in folders of the
 * hash's first two characters so no folder grows huge. A file is written beside its place and renamed
 * into it, so a reader never sees half a file.
 */
export class AttachmentFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'attachments');
  }

  pathOf(fileName: string): string {
    return path.join(this.root, fileName.slice(0, 2), fileName);
  }

  async write(fileName: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(fileName);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    await fs.promises.writeFile(temporary, bytes);
    await fs.promises.rename(temporary, target);
  }

  /** The file's size when it is there. */
  async sizeOf(fileName: string): Promise<number | undefined> {
    try {
      return (await fs.promises.stat(this.pathOf(fileName))).size;
    } catch {
      return undefined;
    }
  }
}
