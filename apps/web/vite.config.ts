import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contractForClient } from './build/contractForClient.js';

const api = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at maximum
 * compression, once: the server sends them as they are (`@fastify/static` preCompressed),
 * so no request pays for compressing a file (issue 13).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'tantieme-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
      ssr = !!c.build.ssr;
    },
    closeBundle() {
      // The prerender's server bundle (scripts/prerender.mjs) is never served.
      if (ssr) return;
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      for (const file of walk(outDir)) {
        if (
          !/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) ||
          file.includes(`${path.sep}.vite${path.sep}`)
        )
          continue;
        const buf = readFileSync(file);
        if (buf.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(buf, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(buf, { level: 9 }));
      }
    },
  };
}

/** The Mantine components of the sign-in page (and of what every page shows: the loader). */
const LOGIN_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Box',
  'Button',
  'Center',
  'CloseButton',
  'Input',
  'InputBase',
  'Loader',
  'LoadingOverlay',
  'Notification',
  'Paper',
  'PasswordInput',
  'Portal',
  'Skeleton',
  'Stack',
  'Tabs',
  'Text',
  'TextInput',
  'Title',
  'Transition',
  'UnstyledButton',
];
/** A module of one of these Mantine components. */
const mantineComponents = (names: string[]) =>
  new RegExp(
    `node_modules[\\\\/]@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](${names.join('|')})[\\\\/]`,
  );
/**
 * A group's test: JavaScript modules matching one of the patterns. CSS stays with its importer
 * (a style sheet in a group ties the entry to that group's chunk).
 */
const scriptsOf =
  (...patterns: RegExp[]) =>
  (id: string) =>
    !id.endsWith('.css') && patterns.some((p) => p.test(id));
/** What the toasts' container (loaded after the first paint of every page) uses: transitions, scroll lock. */
const TOASTS_LIBS =
  /node_modules[\\/](react-transition-group|react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|get-nonce|@babel[\\/]runtime)[\\/]/;
/** The components of the signed-in layout and the dashboard (the page a signed-in visit opens). */
const APP_COMPONENTS = [
  'Accordion',
  'AppShell',
  'Avatar',
  'Badge',
  'Burger',
  'Card',
  'Collapse',
  'FocusTrap',
  'Grid',
  'Group',
  'Image',
  'Indicator',
  'Menu',
  'Modal',
  'ModalBase',
  'NavLink',
  'Overlay',
  'Popover',
  'Progress',
  'ScrollArea',
  'SimpleGrid',
  'ThemeIcon',
  'VisuallyHidden',
];
/** The libraries only those components use (popovers, focus trap). */
const APP_LIBS = /node_modules[\\/](@floating-ui|tabbable)[\\/]/;

export default defineConfig({
  plugins: [contractForClient('../../packages/contract/src'), react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/files': api,
      '/dev': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  // The manifest feeds the bundle budget check (scripts/bundle-budget.mjs).
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Chunks by what pages load together (issue 13). Split per module, the dashboard was 98
        // files, then 79: on HTTP/1.1 a browser fetches six at a time, and on a phone's link each
        // wave costs a round trip. React, the router and react-query are one chunk; Mantine is
        // three: its core, the components /login shows (LOGIN_COMPONENTS), and those of the
        // signed-in layout and the dashboard (APP_COMPONENTS), so /login does not carry the
        // signed-in pages' components; the other components stay split per page. Icons are one.
        // A component added to the sign-in page belongs in LOGIN_COMPONENTS: else /login loads
        // 'mantine-app' and the bundle budget check fails.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@remix-run|@tanstack)[\\/]/,
              priority: 20,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/](core[\\/]|utils[\\/]|index\.mjs))/,
              priority: 10,
            },
            {
              name: 'mantine-login',
              test: scriptsOf(mantineComponents(LOGIN_COMPONENTS), TOASTS_LIBS),
              priority: 9,
            },
            {
              name: 'mantine-app',
              test: scriptsOf(mantineComponents(APP_COMPONENTS), APP_LIBS),
              priority: 8,
            },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]/, priority: 7 },
          ],
        },
      },
    },
  },
});
