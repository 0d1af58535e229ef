import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev -w web` talks to the API server started with `npm start`.
    proxy: { '/crud': 'http://localhost:3000', '/logout': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
});
