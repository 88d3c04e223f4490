import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chartsApart } from './build/chartsApart';
import { deferredAntdParts } from './build/deferredAntdParts';
import { pureContracts } from './build/pureContracts';

/**
 * React, its DOM renderer and the router change rarely and every page needs them: one chunk of their own,
 * so an app release does not invalidate them. antd is deliberately not one chunk: left to Rolldown, each of its
 * components goes with the pages that use it, and the sign-in page loads only the few it shows.
 */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/ },
];

/** Text the gateway serves; images other than SVG are compressed in their own formats already. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt)$/;
const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the highest levels (the cost is paid
 * once, here), for the gateway to serve by Accept-Encoding. A variant no smaller than the file is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'labline:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // after the whole build, so the files copied from public/ and index.html are compressed too
    async closeBundle(error) {
      if (error !== undefined) return;
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const variants = {
            br: await compressWithBrotli(content, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gz: await compressWithGzip(content, { level: constants.Z_BEST_COMPRESSION }),
          };
          for (const [extension, compressed] of Object.entries(variants))
            if (compressed.length < content.length) await writeFile(`${file}.${extension}`, compressed);
        }),
      );
      const written = (await filesUnder(outDir)).filter((file) => /\.(?:br|gz)$/.test(file));
      const bytes = (await Promise.all(written.map((file) => stat(file)))).reduce((sum, info) => sum + info.size, 0);
      this.info(`precompressed ${files.length} files: ${written.length} .br and .gz variants, ${bytes} bytes`);
    },
  };
}

export default defineConfig({
  plugins: [react(), deferredAntdParts(), pureContracts(), chartsApart(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The largest chunks are React's (~325 kB) and the antd core plus zod that every page shares (~285 kB); the
    // limit sits above them, so a chunk that starts pulling in a big library shows up in the build's output.
    chunkSizeWarningLimit: 400,
    // .vite/manifest.json: which chunk imports which, read by `npm run bench` to tell the charting library's files
    // (budgeted on their own) from a page's
    manifest: true,
    rolldownOptions: {
      output: { codeSplitting: { groups: VENDOR_CHUNKS } },
      // Reading a property has no side effect in our code or the libraries we ship (no getters run for effect):
      // told so, the bundler drops unused objects that spread others, as the contracts' schema maps do.
      treeshake: { propertyReadSideEffects: false },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
