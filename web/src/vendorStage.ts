/**
 * The vendor chunk's part of the start-up (main.tsx imports this module, in turn, after
 * React): importing the packages' own entry points dynamically would keep every export of
 * them in the build (a namespace import cannot be tree-shaken); this keeps what the app uses.
 * vite.config.ts puts this module in the vendor chunk.
 */
export { QueryClient } from '@tanstack/react-query';
export { createBrowserRouter } from 'react-router';
