import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      // The request schemas the server parses with, so forms validate the same way.
      '@schemas': fileURLToPath(new URL('../functions/schemas', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The site is written against React; Preact's compatibility layer runs it in a
      // twelfth of react-dom's size, which keeps the home page inside its 100 KB budget.
      react: 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react-dom': 'preact/compat',
      'react/jsx-runtime': 'preact/jsx-runtime',
    },
  },
  // The manifest lets the benchmark add up exactly what the home page loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, target: 'es2022', manifest: true },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/images': 'http://127.0.0.1:3000' } },
});
