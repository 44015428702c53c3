/**
 * Requests that share statements (group commit, for reads as for writes): when nothing is
 * running, a request's statement goes at once; the requests that arrive while it runs wait
 * for it and then share the next one. Under load, many requests cost one round trip and
 * one statement's overhead on the database; alone, a request waits for nobody.
 *
 * `run` answers a batch in its order (one answer per request), or throws, and then every
 * request of that batch fails with its error. At most `most` requests share a statement.
 */
export class Coalesced<In, Out> {
  #queue: Array<{ input: In; resolve: (out: Out) => void; reject: (e: unknown) => void }> = [];
  #running: Promise<void> | null = null;

  constructor(private readonly run: (batch: In[]) => Promise<Out[]>, private readonly most: number) {}

  ask(input: In): Promise<Out> {
    const answer = new Promise<Out>((resolve, reject) => this.#queue.push({ input, resolve, reject }));
    this.#running ??= this.#drain();
    return answer;
  }

  /** Resolves when every request made so far is answered (or failed). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) {
        const batch = this.#queue.splice(0, this.most);
        try {
          const out = await this.run(batch.map((b) => b.input));
          batch.forEach((b, i) => b.resolve(out[i]));
        } catch (e) {
          for (const b of batch) b.reject(e ?? new Error('batched statement failed'));
        }
      }
    } finally {
      this.#running = null;
    }
  }
}
