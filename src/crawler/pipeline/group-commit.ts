/**
 * Writes items together: an item added while a write is under way waits for the next
 * one, which takes everything waiting by then (at most `most`). One item alone is
 * written at once; under load, one write serves many, as a database's group commit
 * does. Each item's promise settles with its own share of the write.
 */
export class GroupCommit<T, R> {
  private readonly waiting: Array<{
    item: T;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }> = [];
  private writing: Promise<void> | null = null;

  constructor(
    /** Writes a group; answers one result per item, in order. */
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly most: number,
  ) {}

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Resolves once everything added so far is written. */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, this.most);
        try {
          const results = await this.write(group.map((entry) => entry.item));
          group.forEach((entry, i) => entry.resolve(results[i]));
        } catch (error) {
          for (const entry of group) entry.reject(error);
        }
      }
    } finally {
      this.writing = null;
    }
  }
}
