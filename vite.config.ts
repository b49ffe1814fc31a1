import fs from 'node:fs';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// A build can be marked (APP_BUILD=…): index.html then names it, so a second build of the same sources is a new
// version to the service worker (the update journey, tests/e2e/pwa-update.spec.ts, deploys one).
const buildMarker = (): Plugin => ({
  name: 'hauswerk-build-marker',
  transformIndexHtml: (html) =>
    process.env.APP_BUILD
      ? html.replace(
          '</head>',
          `<meta name="hauswerk-build" content="${process.env.APP_BUILD.replace(/\W/g, '')}" />\n</head>`,
        )
      : html,
});

// Blueprint's icon name table off the first screen (docs/decisions.md, "Blueprint's icon names"): @blueprintjs/icons
// builds `IconNames` and `IconNamesSet` when loaded, from a 68 KB enum of every icon plus change-case, only so its
// loader can tell a known name from an unknown one, and the Icon component brings that into the first screen
// (10 KB gzip). TypeScript checks the names we write, so the build replaces the module with one that accepts any
// well-formed name and spells the constants on demand (`IconNames.ADD_CHILD`, `IconNames.AddChild` → "add-child").
const ICON_NAMES = /@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]iconNames\.js$/;
const leanIconNames = (): Plugin => ({
  name: 'hauswerk-lean-icon-names',
  enforce: 'pre',
  load: (id) =>
    ICON_NAMES.test(id.split('?')[0]!)
      ? `const kebab = (k) => /^[A-Z0-9_]+$/.test(k) ? k.toLowerCase().replace(/_/g, '-')
  : k.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/([A-Za-z])([0-9])/g, '$1-$2').toLowerCase();
export const IconNames = new Proxy({}, { get: (_, k) => (typeof k === 'string' ? kebab(k) : undefined) });
export const IconNamesSet = { has: (n) => typeof n === 'string' && /^[a-z0-9]+(-[a-z0-9]+)*$/.test(n) };`
      : null,
});

// Swiss German ships as its differences from German (docs/decisions.md, "What the service worker precaches"): the
// de-ch files keep every key for the translators and the tests, but i18next falls back from de-ch to de
// (src/i18n/options.ts), so the client build carries only the keys whose text differs ("ss" for "ß", Swiss terms).
const SWISS_LOCALE = /[\\/]src[\\/]locales[\\/]de-ch[\\/]([\w-]+)\.json$/;
type Texts = { [key: string]: string | Texts };
const differences = (swiss: Texts, german: Texts | string | undefined): Texts => {
  const out: Texts = {};
  for (const [key, value] of Object.entries(swiss)) {
    const other = typeof german === 'object' ? german[key] : undefined;
    if (typeof value === 'object') {
      const inner = differences(value, other);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (value !== other) out[key] = value;
  }
  return out;
};
const swissAsDifferences = (): Plugin => ({
  name: 'hauswerk-swiss-differences',
  apply: 'build',
  enforce: 'pre',
  load(id) {
    const file = id.split('?')[0]!;
    if (!SWISS_LOCALE.test(file)) return null;
    const read = (path: string) => JSON.parse(fs.readFileSync(path, 'utf8')) as Texts;
    const german = file.replace(/([\\/])de-ch([\\/])/, '$1de$2');
    return JSON.stringify(differences(read(file), fs.existsSync(german) ? read(german) : {}));
  },
});

// Settings and administration screens stay out of the precache (docs/decisions.md, "What the service worker
// precaches"): after the bundle is written, every chunk (and its CSS) that only the settings screens' routes reach
// is added to the precache's `globIgnores`, so a new settings page needs no entry there. A chunk any other screen
// imports statically stays in: it must load offline.
const ADMIN_SCREEN =
  /[\\/](views[\\/](permissions|invitations|networks|licenses|model-settings|workspace-settings|extensions|imports|scheduled-exports|connectors|email-templates|settings|templates)|src[\\/]settings)[\\/]/;
const FIELD_SCREEN = /[\\/]views[\\/]permissions[\\/]property-user-groups\.tsx$/; // the property drawer's panel
const isAdminScreen = (id: string | null) => !!id && ADMIN_SCREEN.test(id) && !FIELD_SCREEN.test(id);
const adminChunksStayOut = (globIgnores: string[]): Plugin => ({
  name: 'hauswerk-admin-chunks',
  apply: 'build',
  generateBundle(_, bundle) {
    const chunks = new Map<string, OutputChunk>();
    for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
    const reach = (roots: OutputChunk[]) => {
      const seen = new Set<string>();
      const walk = (chunk: OutputChunk | undefined) => {
        if (!chunk || seen.has(chunk.fileName)) return;
        seen.add(chunk.fileName);
        for (const dep of chunk.imports) walk(chunks.get(dep));
      };
      roots.forEach(walk);
      return seen;
    };
    const roots = [...chunks.values()].filter((c) => c.isEntry || c.isDynamicEntry);
    const field = reach(roots.filter((c) => !isAdminScreen(c.facadeModuleId)));
    const fieldCss = new Set([...field].flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])]));
    for (const file of reach(roots.filter((c) => isAdminScreen(c.facadeModuleId)))) {
      if (field.has(file)) continue;
      globIgnores.push(file);
      for (const css of chunks.get(file)!.viteMetadata?.importedCss ?? [])
        if (!fieldCss.has(css)) globIgnores.push(css);
    }
  },
});
const precacheIgnores = [
  '**/*Chart-*.js', // recharts, named after its first chart
  '**/{charts,chart-xlsx,charts-view}-*.js',
  '**/settings-icons-*.js',
  '**/map-view-*.{js,css}', // Leaflet: the map needs its tiles from the network anyway
  '**/import-wizard-*.js',
  '**/paths-*.js',
  '**/{public-order,register,invitation-link,forgot-password,reset-password,email-verification}-page-*.js',
  '**/terms-page-*.js',
];

// The client build. The API runs on the same origin (npm start); in `npm run dev` Vite proxies /api.
// Installable and offline (docs/decisions.md, "Installable and offline"): the manifest with SVG and PNG icons, the
// app shell precached (under 3 MB: the rarely used big chunks stay out and are cached when first loaded), API data
// never cached by the service worker (the session's query cache keeps it, src/offline/).
export default defineConfig({
  plugins: [
    react(),
    leanIconNames(),
    buildMarker(),
    swissAsDifferences(),
    adminChunksStayOut(precacheIgnores),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['icon.svg', 'icon-192.png', 'icon-512.png', 'icon-maskable-512.png'],
      manifest: {
        name: 'Hauswerk',
        short_name: 'Hauswerk',
        description: 'Facility and property management workspace',
        theme_color: '#215db0',
        background_color: '#f6f7f9',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Loaded on demand and cached then (runtimeCaching): the charts (recharts), the map, the import wizard, Blueprint's icon
        // path tables (~300 KB each, loaded only by icons named by string), the settings and administration screens
        // (added by adminChunksStayOut) and the pages reached from mails (none of them is needed in a plant room).
        globIgnores: precacheIgnores,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        cleanupOutdatedCaches: true,
        // the first worker takes over the open page at once, so a reload without signal works in the first visit
        // too; a later version still waits for Refresh (registerType 'prompt')
        clientsClaim: true,
        runtimeCaching: [
          {
            // hashed build files, immutable: a chunk loaded once in this version stays readable offline
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'hauswerk-assets', expiration: { maxEntries: 200, maxAgeSeconds: 30 * 86400 } },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    modulePreload: {
      // The offline code loads beside the first screen (src/app/require-auth.tsx): its chunks come with its own
      // imports, so the first screen's bundle does not carry the list of their names.
      resolveDependencies: (url, deps) => (url.includes('offline-layer') ? [] : deps),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
