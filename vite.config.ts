import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  server: {
    // `npm run dev` talks to the reference service started beside it.
    proxy: { '/qrinfo-svc': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
  build: {
    // The first-load budget is checked by `npm run size`, not by this generic warning.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // @zxing declares no sideEffects field, so without this the whole library lands in the scanner chunk.
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]@zxing[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
        },
      },
    ],
  },
});
