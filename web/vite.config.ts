import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Libraries that change rarely get their own chunks, so an app release does not invalidate them. */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|swr)[\\/]/ },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|dayjs)[\\/]/ },
];

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is ~670 kB minified (~220 kB gzip); it sits in its own long-cached chunk.
    chunkSizeWarningLimit: 700,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
