import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '../../../shared/schemas/auth';
import { secondFactorRequests } from '../../api';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useVerifySecondFactor } from '../../queries/auth';
import { showServerIssues } from './shared/server-issues';

/**
 * Actions that lead to money, people or data (refunds and cancellations, invites and role changes,
 * the backup and bulk exports, erasure, a new support address) need a code from the last 15 minutes
 * when two-factor is on. When the server refuses one for that, this asks for a code; the owner then
 * repeats the action.
 */
export function SecondFactorPrompt() {
  const [isOpen, setIsOpen] = useState(false);
  const verify = useVerifySecondFactor();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });

  useEffect(() => {
    const open = () => {
      form.reset({ code: '' });
      setIsOpen(true);
    };
    secondFactorRequests.addEventListener('needed', open);
    return () => secondFactorRequests.removeEventListener('needed', open);
  }, [form]);

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: () => {
        setIsOpen(false);
        toast({ title: 'Code Accepted', description: 'Repeat the action: no code is asked again for 15 minutes.', variant: 'success' });
      },
      onError: (error) => {
        if (!showServerIssues(error, form.setError, ['code']))
          toast({ title: 'Error', description: 'Could not check the code. Please try again.', variant: 'destructive' });
      },
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Confirm with Your Authenticator</DialogTitle>
          <DialogDescription>
            This action moves money, changes who runs the site or hands out personal data. Enter the 6-digit code from your app (or a recovery code).
          </DialogDescription>
        </DialogHeader>
        <form id="second-factor-form" onSubmit={onSubmit} noValidate>
          <FormField label="Code" error={form.formState.errors.code}>
            <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => setIsOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form="second-factor-form" disabled={verify.isPending}>
            Confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
