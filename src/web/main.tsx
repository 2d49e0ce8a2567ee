import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createQueryClient } from './api';
import { primeFromInitialData } from './initial-data';
import { Toaster } from './components/ui/toaster';
import { router } from './routes';
import './styles.css';

const queryClient = createQueryClient();
primeFromInitialData(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
