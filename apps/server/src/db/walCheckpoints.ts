import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database file. */
export const checkpointIntervalMs = 500;

/**
 * Pages the write-ahead log may reach before a commit checkpoints it itself: only while the checkpointer
 * is gone or falls behind (40 MB at 4 KB pages), since such a checkpoint holds up the commit's request.
 */
export const backstopCheckpointPages = 10_000;

/**
 * The checkpointer's thread: its own connection to the file, a PASSIVE checkpoint (it never waits for
 * nor blocks a reader or a writer) every interval. CommonJS source, evaluated by the Worker, so the
 * bundled server needs no file beside it.
 */
const checkpointerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => {
  try {
    checkpoint.get();
  } catch (error) {
    // A full disk or an I/O error: the log keeps every commit, the next checkpoint tries again.
    parentPort.postMessage(String(error && error.message));
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * SQLite's checkpoints off the request path. A commit in WAL mode appends to the log; a checkpoint copies
 * the log back into the database file and syncs both, which with SQLite's default runs inside the commit
 * that crosses 1,000 pages, on the event loop (half of a workflow command's commit time under load). Here
 * a worker thread checkpoints on its own connection, and commits checkpoint only past the backstop.
 * Durability is unchanged: a commit is in the log before it is acknowledged, and a checkpoint cut short
 * by a crash is redone from the log at the next open.
 */
export class WalCheckpoints {
  private readonly worker: Worker;

  constructor(file: string, driver: string, warn: (message: string) => void) {
    this.worker = new Worker(checkpointerSource, { eval: true, workerData: { file, driver, intervalMs: checkpointIntervalMs } });
    // The server's shutdown stops it; it never keeps a process alive by itself.
    this.worker.unref();
    this.worker.on('message', (message) => warn(`SQLite checkpoint failed: ${String(message)}`));
    this.worker.on('error', (error) => warn(`SQLite checkpointer stopped, commits checkpoint themselves: ${error.message}`));
  }

  /** Lets the worker close its connection and end; the database's own connection may close meanwhile. */
  stop(): void {
    this.worker.postMessage('stop');
  }
}
