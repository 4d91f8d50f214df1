/** The build's own Vite plugins: precompressed assets, the module → chunk map, the inline logo. */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build, at maximum
 * compression, once: the server sends them as they are (`@fastify/static` preCompressed),
 * so no request pays for compressing a file.
 */
export function precompress(): Plugin {
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

/**
 * Writes `.vite/modules.json`: each application module's chunk file. A lazy page or layout
 * placed in a chunk group (the dashboard's layout and page) is no entry of Vite's manifest; the
 * bundle budget check (scripts/bundle-budget.mjs) finds its chunk here.
 */
export function moduleChunks(): Plugin {
  let root = '';
  return {
    name: 'tantieme-module-chunks',
    apply: 'build',
    configResolved(c) {
      root = c.root;
    },
    generateBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const f of Object.values(bundle))
        if (f.type === 'chunk')
          for (const id of Object.keys(f.modules))
            if (id.startsWith(root) && !id.includes('node_modules'))
              chunkOf[path.relative(root, id).split(path.sep).join('/')] = f.fileName;
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(chunkOf, null, 1),
      });
    },
  };
}

/**
 * The logo written into index.html (the icon and the loading screen's image) as a data URI, from
 * the one file `ui/logo.ts` inlines too: over HTTP/1.1 each request for it took one of the six
 * connections the first screen's files wait for.
 */
export function inlineLogo(): Plugin {
  const file = path.resolve(import.meta.dirname, '../public/logo-tantieme.svg');
  return {
    name: 'tantieme-inline-logo',
    transformIndexHtml(html) {
      const uri = `data:image/svg+xml,${encodeURIComponent(readFileSync(file, 'utf8').trim())}`;
      return html.replaceAll('"/logo-tantieme.svg"', `"${uri}"`);
    },
  };
}
