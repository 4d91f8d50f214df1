import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), precompress()],
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
        // Every signed-in page needs React, the router, react-query and Mantine's core: in two
        // chunks rather than ~20 small ones (issue 13: on a phone's link each request costs a
        // round trip, six at a time; the dashboard went from 98 files to 79, Lighthouse 75 → 82).
        // Mantine's components stay split by page, so /login does not carry the dashboard's.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@remix-run|@tanstack)[\\/]/,
              priority: 20,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/](hooks[\\/]|core[\\/]esm[\\/]core[\\/])/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
