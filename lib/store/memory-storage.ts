/**
 * A Storage that lives in memory, for tests: the browser's localStorage is outside the app.
 * `quota` (in UTF-16 code units over keys and values) makes setItem throw QuotaExceededError,
 * as browsers do; `broken` makes every call throw SecurityError, as with storage disabled.
 */
export class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  constructor(
    public quota = Infinity,
    public broken = false,
  ) {}

  private check() {
    if (this.broken)
      throw Object.assign(new Error("The operation is insecure."), { name: "SecurityError" });
  }
  private used(): number {
    let n = 0;
    for (const [k, v] of this.data) n += k.length + v.length;
    return n;
  }
  get length() {
    this.check();
    return this.data.size;
  }
  key(i: number) {
    this.check();
    return [...this.data.keys()][i] ?? null;
  }
  getItem(key: string) {
    this.check();
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.check();
    const before = this.data.get(key);
    const growth =
      key.length + value.length - (before === undefined ? 0 : key.length + before.length);
    if (this.used() + growth > this.quota) {
      throw Object.assign(new Error("Quota exceeded"), { name: "QuotaExceededError" });
    }
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.check();
    this.data.delete(key);
  }
  clear() {
    this.check();
    this.data.clear();
  }
}
