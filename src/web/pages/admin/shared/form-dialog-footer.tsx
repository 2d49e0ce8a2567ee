import { Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DialogClose, DialogFooter } from '../../../components/ui/dialog';
import { useT } from '../../../i18n/i18n';

/** Cancel and submit for the admin's form dialogs; the submit button spins while saving. */
export function FormDialogFooter({ isSaving, submitLabel }: { isSaving: boolean; submitLabel: string }) {
  const t = useT();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t('Cancel')}
        </Button>
      </DialogClose>
      <Button type="submit" disabled={isSaving}>
        {isSaving && <Loader2 className="animate-spin" aria-hidden />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
