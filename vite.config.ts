import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** One pattern for module paths written with '/', matching either separator. */
const anyOf = (paths: string[]) => new RegExp(paths.map((p) => p.replaceAll('/', '[\\\\/]')).join('|'));

/** What only popovers, menus, modals and toasts use: positioning, scroll locking,
 * transitions, swiping, the helpers of those libraries (nothing else imports them today),
 * and the toast container (not its store, which `notifications.show` writes to). */
const OVERLAY_MODULES = anyOf([
  'node_modules/(@floating-ui|react-remove-scroll(-bar)?|react-transition-group|use-sidecar|use-callback-ref|react-style-singleton|get-nonce)/',
  'node_modules/(tslib|@babel/runtime)/',
  'node_modules/@mantine/notifications/esm/(?!notifications\\.store)',
  'node_modules/@mantine/core/esm/components/Notification/',
  'node_modules/@mantine/hooks/esm/use-drag/',
]);

/** Components that several signed-in screens share and the sign-in page never uses: one
 * chunk rather than one per component, since every chunk's name is written into the
 * entry's preload table (the sign-in page's budget counts it). */
const WIDGET_MODULES = anyOf(['node_modules/@mantine/core/esm/components/(Select|Tabs|Pagination|Badge|Accordion|Switch|SegmentedControl|Table|Collapse|InlineInput)/', 'node_modules/@mantine/core/esm/utils/(InlineInput|InputsGroupFieldset)/', 'node_modules/@mantine/hooks/esm/(use-pagination|use-collapse)/']);

/** The billing area, its statechart and rules: one chunk for the screen and the workbench. */
const BILLING_MODULES = anyOf(['src/web/areas/billing/', 'machines/recharge\\.', 'src/domain/billing/']);
/** Small pieces that several signed-in screens share (badges, skeletons, breakpoint
 * helpers, query keys): one file instead of a file each, so every lazy screen's list of
 * chunks in the entry stays short (the sign-in page's budget). */
const SHARED_MODULES = anyOf([
  'node_modules/@mantine/core/esm/components/(Badge|Skeleton|Switch)/',
  'node_modules/@mantine/core/esm/components/ScrollArea/utils/to-int',
  'node_modules/@mantine/core/esm/core/utils/(noop|get-sorted-breakpoints|get-base-value|get-breakpoint-value)/',
  'node_modules/@mantine/hooks/esm/(utils/use-callback-ref|use-debounced-value)/',
  'node_modules/@tabler/icons-react/dist/esm/icons/IconSearch',
  'src/web/ui/profile-initial',
  'src/api/users/update-profile',
  'src/api/[a-z-]+/keys\\.ts',
]);

/** The date-range selector and its calendars (@mantine/dates, dayjs): only screens with a date filter load it. */
const DATES_MODULES = anyOf(['node_modules/(@mantine/dates|dayjs)/', 'src/web/ui/DateRangeSelect']);

/** Form state and text inputs, which nearly every screen with a form uses. */
const FORM_MODULES = anyOf([
  'node_modules/@mantine/form/',
  'node_modules/@mantine/core/esm/components/(Input|InputBase|TextInput|PasswordInput)/',
  'node_modules/@tanstack/(react-query|query-core)/build/modern/(useMutation|mutationObserver)\\.js',
]);

/**
 * The entry's stylesheet as a preload instead of a render-blocking link: the splash in
 * index.html is styled inline and paints at once; the script turns the sheet on and waits
 * for it before React draws (src/web/app/styles-ready.ts).
 */
function stylesAsPreload(): Plugin {
  return {
    name: 'leadline-styles-as-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const out = html.replace(/<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g, '<link rel="preload" as="style"$1 href="$2" data-app-styles>');
        if (out === html) throw new Error('stylesAsPreload: the entry stylesheet link was not found');
        return out;
      },
    },
  };
}

// The web app: built into dist/ and served by the Fastify server, which also answers /rest.
// Every text asset is written beside itself as .br and .gz at the highest levels, once, at
// build time; the server picks one by Accept-Encoding (src/server/http/web-app.ts).
// `npm run bench:web` measures what a first visit downloads.
export default defineConfig({
  plugins: [
    react(),
    stylesAsPreload(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // No preload lists in the entry: a lazy screen's chunk names its own imports, which the
    // browser then fetches in parallel (one more round trip on a screen's first opening).
    // The lists had grown to ~0.7 kB (brotli) of the sign-in page's 150 kB budget.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The automatic split mixed these into chunks the sign-in page loads. Only the
            // matched modules move; their own imports (React among them) stay where they are.
            { name: 'overlays', test: OVERLAY_MODULES, includeDependenciesRecursively: false },
            // Everything the entry imports statically, in one file: brotli does better on
            // one file than on the several the automatic split made of it.
            { name: 'app', tags: ['$initial'] },
            { name: 'forms', test: FORM_MODULES },
            { name: 'widgets', test: WIDGET_MODULES, includeDependenciesRecursively: false },
            { name: 'billing', test: BILLING_MODULES, includeDependenciesRecursively: false },
            { name: 'shared', test: SHARED_MODULES, includeDependenciesRecursively: false },
            { name: 'dates', test: DATES_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/rest': 'http://127.0.0.1:8080', '/v2': 'http://127.0.0.1:8080' },
  },
});
