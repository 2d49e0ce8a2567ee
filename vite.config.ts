import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // SITE_DIST lets several builds live side by side (parallel test runs); dist by default.
  build: { outDir: `${process.env.SITE_DIST ?? 'dist'}/web`, emptyOutDir: true, sourcemap: false, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/objects': 'http://localhost:5000' },
  },
});
