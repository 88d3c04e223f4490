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
    // antd with its table, form and date-picker components is ~970 kB minified (~300 kB gzip); it sits in its
    // own long-cached chunk, so the limit guards the app's own chunks against growing unnoticed.
    chunkSizeWarningLimit: 1_100,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_CHUNKS } } },
  },
  server: {
    proxy: { '/api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
});
