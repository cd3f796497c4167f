import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across releases.
        manualChunks(id: string) {
          if (id.includes('node_modules/@mantine') || id.includes('node_modules/@floating-ui')) {
            return 'mantine';
          }
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
});
