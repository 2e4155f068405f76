import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// React Router's package exports its development build under every condition;
// its production build (same API, no development warnings) sits beside it.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');

/**
 * What the first paint of a storefront screen needs (the menu of
 * `/menu/{alias}/{mode}` above all), bundled as one chunk: a single file
 * compresses better than a dozen small shared ones and arrives in one request
 * (ADR 004 budget: 100 KB gzipped for that first load, React included).
 * Everything else (plate detail, cart page, dialogs, cart rules, pricing, the
 * address map, checkout, console, rider) stays in chunks loaded on demand.
 */
const FIRST_PAINT_WEB = [
  /apps\/web\/src\/lib\/(analytics|api-client|client-log|app-environment|branch|menu-hash|ordering-state|placed-orders|support-chat-open|theme|use-resource|use-now)\.ts$/,
  /apps\/web\/src\/stores\/(cart-store|color-scheme-store|entry-params-store|install-prompt-store)\.ts$/,
  /apps\/web\/src\/hooks\/use-(marketing-tags|wide-layout)\.ts$/,
  /apps\/web\/src\/types\//,
  /apps\/web\/src\/components\/(error-boundary|error-screen|plate-price|spinner|ui\/icons|ui\/toast|ui\/nps-average)\.tsx$/,
  /apps\/web\/src\/app\/(bootstrap|router|provider|scroll-memory)\.tsx$/,
  /apps\/web\/src\/features\/menu\/(api\/.*|components\/(menu-home|plate-card|plate-image|support-banner)\.tsx)$/,
  /apps\/web\/src\/features\/branch-header\/components\/(branch-header|social-links|ordering-notice)\.tsx$/,
  /apps\/web\/src\/features\/shell\/components\/storefront-layout\.tsx$/,
  /apps\/web\/src\/features\/entry\/api\/get-diner-entity\.ts$/,
  /apps\/web\/src\/app\/routes\/(menu|menu-context|use-storefront-location|lazy-features|not-found)\.tsx?$/,
];

/**
 * Chunks every menu loads as soon as it has painted (the indicator chips, at
 * idle): not first-paint code, but they read the domain through the first-paint
 * copies, which are loaded by then, instead of carrying copies of their own.
 */
const AFTER_PAINT_WEB = [/apps\/web\/src\/features\/menu\/components\/menu-indicator-filters\.tsx$/];

/**
 * The screens a shared link lands on besides the mode menu (a category page,
 * the company, branch and location screens): lazy chunks of their own that
 * read the domain through copies of their own (LANDING_COPY), so that their
 * first load does not fetch the full domain files either, and what only they
 * use stays out of the menu's.
 */
const LANDING_WEB = [
  /apps\/web\/src\/app\/routes\/(menu-pages|menu-entry)\.tsx$/,
  /apps\/web\/src\/features\/entry\/components\//,
  /apps\/web\/src\/hooks\/use-(order-mode-change|confirm-clear)\.tsx$/,
  /apps\/web\/src\/features\/menu\/components\/category-page\.tsx$/,
];

/**
 * What every page's first load shares: React. A chunk of its own, announced in
 * the HTML, so that a tracking link opened directly (app/tracking-bootstrap.tsx)
 * downloads React and its own page, not the storefront's router and menu
 * (bench/bundle-size.mjs: both pages have a 100 KB bar).
 */
const CORE = [/node_modules\/(react|react-dom|scheduler)\//];

/**
 * The pages with an entry of their own (main.tsx picks one by the path), each
 * marked with its query: a directly opened tracking link, and the rider app.
 */
const ENTRIES = [
  { bootstrap: /apps\/web\/src\/app\/tracking-bootstrap\.tsx$/, copy: '?tracking' },
  { bootstrap: /apps\/web\/src\/app\/rider-bootstrap\.tsx$/, copy: '?rider' },
];
/** Shared with the entry chunk that chose the page's entry: never copied. */
const ENTRY_SHARED = /apps\/web\/src\/lib\/(prefetch|entry-paths)\.ts$/;
/** What an entry copies: our modules, and React Router's (the storefront's copy sits in its first-paint chunk). */
const ENTRY_COPIED =
  /\/(apps\/web\/src|packages\/domain\/src)\/[^?]+\.tsx?$|\/node_modules\/react-router\/dist\/production\/[^?]+\.mjs$/;
const entryCopy = (id: string) => ENTRIES.some((entry) => id.endsWith(entry.copy));

/**
 * A page with an entry of its own renders from its bootstrap, and every module
 * of ours it reaches (the page, the API client, the theme, the domain rules,
 * and React Router where it routes) is its own copy there, as first-paint code
 * has its own domain copies: the storefront keeps its one first-paint chunk
 * (the menu's bar), and the page's first load holds only what it uses
 * (tree-shaken copies, React from the core chunk). Module state (the resource
 * cache, the storage scope, the realtime socket, the router's contexts) is per
 * page either way: a page runs one entry, and leaves it with a full navigation.
 * In-app, the storefront's lazy tracking route uses the ordinary modules.
 */
function entryCopies(): Plugin {
  return {
    name: 'comanda:entry-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const entry = ENTRIES.find(
        (candidate) => importer.endsWith(candidate.copy) || candidate.bootstrap.test(importer),
      );
      if (!entry) return null;
      const resolved = await this.resolve(source, importer.replace(entry.copy, ''), { skipSelf: true });
      if (!resolved || resolved.external) return null;
      if (!ENTRY_COPIED.test(resolved.id) || ENTRY_SHARED.test(resolved.id)) return null;
      return `${resolved.id}${entry.copy}`;
    },
  };
}

/** The domain modules first-paint code imports get their own copy, marked with this query. */
const FIRST_PAINT_COPY = '?first-paint';
/**
 * And the landing screens theirs: a message or helper only they use (the branch
 * screen's delivery notices) stays in their chunks, out of the menu's first load.
 */
const LANDING_COPY = '?landing';

const FIRST_PAINT = [
  /node_modules\/(react|react-dom|react-router|scheduler)\//,
  /packages\/domain\/src\/[^?]+\.ts\?first-paint$/,
  ...FIRST_PAINT_WEB,
];

/**
 * First-paint code reaches `@comanda/domain` through its own module instances.
 * A domain file is one module, and Rolldown keeps in it every export any chunk
 * uses: without this, each feature that uses one more message, money or
 * schedule helper (the checkout, the console…) would grow the menu's first
 * load. With it, the first-paint copy of a domain file holds only what first
 * paint uses, and the lazy features share the ordinary copy. The domain is
 * pure (no module state beyond formatter caches), so two instances behave as
 * one; a diner who goes on to a lazy feature downloads the few shared helpers
 * twice, which costs far less than carrying every helper up front.
 */
function firstPaintDomainCopies(): Plugin {
  return {
    name: 'comanda:first-paint-domain-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const copy = [FIRST_PAINT_COPY, LANDING_COPY].find((query) => importer.endsWith(query));
      const query =
        copy ??
        ([...FIRST_PAINT_WEB, ...AFTER_PAINT_WEB].some((pattern) => pattern.test(importer))
          ? FIRST_PAINT_COPY
          : LANDING_WEB.some((pattern) => pattern.test(importer))
            ? LANDING_COPY
            : undefined);
      const toDomain =
        source.startsWith('@comanda/domain/') || (copy !== undefined && source.startsWith('.'));
      if (!toDomain || query === undefined) return null;
      const resolved = await this.resolve(source, importer.replace(query, ''), { skipSelf: true });
      if (!resolved || resolved.external) return null;
      return `${resolved.id}${query}`;
    },
  };
}

/**
 * The page's first request chain, shortened: the core chunk (React, every
 * page's largest download) and the runtime are announced in the HTML with
 * modulepreload, so they download alongside the tiny entry chunk instead of
 * after it. The storefront chunk is not: one HTML serves every path, and a
 * tracking link must not download it; it follows the entry chunk while React
 * is still arriving.
 */
function firstPaintHtml(): Plugin {
  return {
    name: 'comanda:first-paint-html',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const preloads = Object.values(context.bundle ?? {})
          .filter((file) => file.type === 'chunk' && /^assets\/(core|rolldown-runtime)-/.test(file.fileName))
          .map((file) => `<link rel="modulepreload" crossorigin href="/${file.fileName}">`);
        return html.replace('</title>', `</title>\n    ${preloads.join('\n    ')}`);
      },
    },
  };
}

/**
 * React Router's production build defines its components as
 * `var NavLink = React.forwardRef(…); NavLink.displayName = "NavLink";`: a call
 * the bundler must assume has effects, then a property write. So every one of
 * them (NavLink, Form, the fetcher form, ScrollRestoration…) and all the data-
 * router code they reach stayed in the storefront's first load although our
 * declarative routes use none of them (about 1.8 KB gzipped). Marking
 * `forwardRef` pure and dropping the `displayName` writes (names for React
 * DevTools only) lets tree-shaking remove what is unused; what is used works
 * as before. Its `warning` calls (console messages to developers about
 * misuse) are marked pure too: unused results, so they go with their messages.
 */
function reactRouterPure(): Plugin {
  return {
    name: 'comanda:react-router-pure',
    apply: 'build',
    transform(code, id) {
      // Also the copies other entries make (`?rider`, `?tracking`: entryCopies).
      if (!/react-router\/dist\/production\/chunk-[^/?]+\.mjs(\?.*)?$/.test(id)) return null;
      return (
        code
          .replace(/=\s*(React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1')
          .replace(/^(\w+)\.displayName = "[^"]*";$/gm, '')
          // Its console warnings to developers (a `<Link>` outside a router, a bad basename…): marked
          // pure, they go with their long messages (ADR 052: the live menu's first-load bytes).
          .replace(/(^|[;{}\s])(warning|warningOnce|warnOnce)\(/gm, '$1/* @__PURE__ */ $2(')
      );
    },
  };
}

// The API serves the built app in production; in development Vite proxies /api
// and /socket.io to it.
export default defineConfig({
  plugins: [entryCopies(), firstPaintDomainCopies(), reactRouterPure(), react(), firstPaintHtml()],
  resolve: {
    alias: [{ find: /^react-router$/, replacement: reactRouterProduction }],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    // Lazy chunks are not preloaded ahead of their import (the first-paint chunk holds what they
    // share), with one exception: the storefront's first-paint chunk, which the HTML cannot announce
    // (a tracking link must not download it), is asked for as soon as the entry chooses the
    // storefront, alongside the small bootstrap chunk instead of after it. Styles are kept for all.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) =>
        deps.filter(
          (dep) => dep.endsWith('.css') || (/bootstrap-/.test(filename) && /assets\/storefront-/.test(dep)),
        ),
    },
    rolldownOptions: {
      optimization: { inlineConst: true },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'core',
              test: (id: string) => CORE.some((pattern) => pattern.test(id)),
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'storefront',
              // The other entries' copies stay out, whatever their path (entryCopies).
              test: (id: string) => !entryCopy(id) && FIRST_PAINT.some((pattern) => pattern.test(id)),
              // Only what the list names: the early prefetch (lib/prefetch.ts and the two small
              // modules it reads) must stay in the entry chunk, ahead of this one.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
});
