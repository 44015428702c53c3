/**
 * Counts under small integer keys (order ids), in a typed array: an add is an increment,
 * with no map entry or object made. The order chart counts every order a match never
 * reached (a hundred a ping), which a map's get and set per order made 6 % of a ping's
 * CPU. Taken whole by `drain` (each flush), which visits only the keys touched since.
 */
export class DenseCounts {
  #n = new Uint32Array(1024);
  #touched: number[] = [];

  add(key: number): void {
    if (key >= this.#n.length) {
      const grown = new Uint32Array(Math.max(key + 1, this.#n.length * 2));
      grown.set(this.#n);
      this.#n = grown;
    }
    if (this.#n[key]++ === 0) this.#touched.push(key);
  }

  /** Each key touched since the last drain with its count, then all back to zero. */
  drain(each: (key: number, n: number) => void): void {
    const touched = this.#touched;
    this.#touched = [];
    for (const k of touched) {
      each(k, this.#n[k]);
      this.#n[k] = 0;
    }
  }
}
