/** What Mantine asks of a browser that happy-dom leaves out: call it in a component test's beforeAll. */
export function fillBrowserForMantine(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false,
  })) as never;
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
  Element.prototype.scrollIntoView ??= () => {};
  // A Textarea's autosize listens for web fonts.
  (document as { fonts?: unknown }).fonts ??= { addEventListener() {}, removeEventListener() {} };
}
