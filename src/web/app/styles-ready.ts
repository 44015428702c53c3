/** The built page asks for its stylesheet as a preload (see vite.config.ts): the splash,
 * styled inline, paints without waiting for it. */
const PRELOADED = 'link[rel="preload"][as="style"][data-app-styles]';

/**
 * Turn the preloaded stylesheet on and resolve once it applies, so React never draws an
 * unstyled screen. Resolves at once where there is none (the dev server injects styles
 * from the scripts). A stylesheet that fails to load still lets the app start.
 */
export function appStylesReady(): Promise<void> {
  const preload = document.querySelector<HTMLLinkElement>(PRELOADED);
  if (!preload) return Promise.resolve();
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.href = preload.href;
  if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
  const ready = new Promise<void>((resolve) => {
    sheet.addEventListener('load', () => resolve(), { once: true });
    sheet.addEventListener('error', () => resolve(), { once: true });
  });
  preload.after(sheet);
  return ready;
}
