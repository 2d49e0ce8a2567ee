import { HttpError, needsSecondFactor } from '../../../api';
import { toast } from '../../../components/ui/use-toast';
import { downloadFromApi } from '../../../lib/download-csv';

/**
 * The owner's downloads (backup, teams CSV, a team's data): fetched rather than linked, so a refusal for
 * want of a fresh code opens the code prompt and then downloads (as a money action does) instead of saving the error as a file.
 */
export async function adminDownload(url: string, fallbackName: string, failureMessage: string): Promise<void> {
  try {
    await downloadFromApi(url, fallbackName);
  } catch (error) {
    // The code prompt was closed without a code: nothing else to say.
    if (needsSecondFactor(error)) return;
    const reason = error instanceof HttpError && error.status < 500 ? error.serverMessage : null;
    toast({ title: failureMessage, description: reason ?? undefined, variant: 'destructive' });
  }
}
