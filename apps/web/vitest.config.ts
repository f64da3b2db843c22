import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    passWithNoTests: true,
    // jsdom renders Mantine slowly on a busy 2-core runner, and the 'Saved' popup test waits its real 2.5 s.
    testTimeout: 15_000,
  },
});
