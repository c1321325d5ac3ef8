import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// One file for the SPA build and the three Vitest projects (architecture.md "Testing habits").
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    // `npm run dev` serves the SPA with hot reload; the API comes from a running `npm start`.
    proxy: { '/sonolus': 'http://127.0.0.1:8080', '/upload': 'http://127.0.0.1:8080' },
  },
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['test/client/**/*.test.{ts,tsx}'],
          setupFiles: ['test/client/setup.ts'],
          css: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'common',
          environment: 'node',
          include: ['test/common/**/*.test.ts'],
        },
      },
    ],
  },
})
