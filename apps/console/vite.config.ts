import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The operator console, served by the gateway at /console from dist/apps/console.
export default defineConfig({
  root: __dirname,
  base: '/console/',
  plugins: [react()],
  resolve: {
    alias: {
      // The SDK's portable entry (its `browser` export condition): no Node module in it.
      '@custody/sdk': path.resolve(__dirname, '../../libs/sdk/src/portable.ts'),
    },
  },
  build: {
    outDir: path.resolve(__dirname, '../../dist/apps/console'),
    emptyOutDir: true,
    // The strict CSP runs no inline script: no preload polyfill.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    // One bundle (about 550 kB, 165 kB gzipped; the goal is 250 kB gzipped, printed by the
    // console's end-to-end test): no split to warn about.
    chunkSizeWarningLimit: 1024,
  },
});
