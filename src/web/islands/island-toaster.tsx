// In the islands' build react-dom is Preact's compat layer (vite.config.ts, mode "islands").
import { createRoot } from 'react-dom/client';
import { subscribeToToasts } from '../components/ui/use-toast';

// An island that raises toasts (a form's confirmation) imports this: the app's toaster shows them,
// loaded with the first. Pages without such an island load none of it.
const stopWaitingForToasts = subscribeToToasts(() => {
  stopWaitingForToasts();
  void import('../components/ui/toaster').then(({ Toaster }) => createRoot(document.body.appendChild(document.createElement('div'))).render(<Toaster />));
});
