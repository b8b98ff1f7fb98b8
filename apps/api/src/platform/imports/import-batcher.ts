/**
 * The import job's batching (decision 0022): records of distinct keys are grouped into batches of
 * {@link IMPORT_BATCH_SIZE} and handed to the kind's writer, up to `writers` batches at a time.
 */
import type { LineRecord } from './import-kind.ts';

/** Records written per transaction. */
export const IMPORT_BATCH_SIZE = 1000;

/**
 * Collects records into batches of distinct keys and hands them to the writer: up to `writers` batches
 * are written at a time (each its own transaction), while the next one is being read and parsed. A
 * record whose key is already in the open batch closes the batch first, and one whose key is in a batch
 * still being written waits for the batches in flight, so each batch sees every earlier version of its
 * records as existing.
 */
export class Batcher<R> {
  private records: LineRecord<R>[] = [];
  private keys = new Set<string>();
  /** Batches being written, oldest first, with their keys. */
  private inFlight: { written: Promise<void>; keys: Set<string> }[] = [];
  private failure: unknown = null;

  constructor(
    private readonly writeBatch: (records: LineRecord<R>[]) => Promise<void>,
    private readonly writers: number,
  ) {}

  async add(record: LineRecord<R>): Promise<void> {
    if (this.keys.has(record.key)) await this.send();
    if (this.inFlight.some((batch) => batch.keys.has(record.key))) await this.settled();
    this.records.push(record);
    this.keys.add(record.key);
    if (this.records.length >= IMPORT_BATCH_SIZE) await this.send();
  }

  /** Writes what is left and waits for every write; rethrows a failed write. */
  async flush(): Promise<void> {
    await this.send();
    await this.settled();
  }

  private async send(): Promise<void> {
    while (this.inFlight.length >= this.writers) await this.inFlight[0]?.written;
    if (this.failure) throw this.failure;
    if (!this.records.length) return;
    const records = this.records;
    const batch = {
      keys: this.keys,
      written: this.writeBatch(records).then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= error;
        },
      ),
    };
    batch.written = batch.written.finally(() => this.inFlight.splice(this.inFlight.indexOf(batch), 1));
    this.inFlight.push(batch);
    this.records = [];
    this.keys = new Set();
  }

  /** Waits for every batch in flight; rethrows the first failed write. */
  private async settled(): Promise<void> {
    while (this.inFlight.length) await this.inFlight[0]?.written;
    if (this.failure) throw this.failure;
  }
}
