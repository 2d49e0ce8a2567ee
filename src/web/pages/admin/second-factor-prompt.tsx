import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { twoFactorCodeSchema, type TwoFactorCodeInput } from '../../../shared/schemas/auth';
import { answerSecondFactorRequests } from '../../api';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { useVerifySecondFactor } from '../../queries/auth';
import { useT } from '../../i18n/i18n';
import { showServerIssues } from './shared/server-issues';

/**
 * Actions that lead to money, people or data (refunds and cancellations, invites and role changes,
 * the backup and bulk exports, erasure, a new support address) need a code from the last 15 minutes
 * when two-factor is on. When the server refuses one for that, this asks for a code; once it is
 * accepted, the action goes on by itself (every call waiting for it is sent again).
 */
export function SecondFactorPrompt() {
  const t = useT();
  const [isOpen, setIsOpen] = useState(false);
  const verify = useVerifySecondFactor();
  const form = useForm<TwoFactorCodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });

  // The calls waiting for a code: two actions refused at once share one prompt.
  const waiting = useRef<((isGiven: boolean) => void)[]>([]);
  const settle = (isGiven: boolean) => {
    const resolvers = waiting.current;
    waiting.current = [];
    setIsOpen(false);
    for (const resolve of resolvers) resolve(isGiven);
  };

  useEffect(() => {
    const stopAnswering = answerSecondFactorRequests(
      () =>
        new Promise<boolean>((resolve) => {
          if (waiting.current.length === 0) form.reset({ code: '' });
          waiting.current.push(resolve);
          setIsOpen(true);
        }),
    );
    return () => {
      stopAnswering();
      for (const resolve of waiting.current.splice(0)) resolve(false);
    };
  }, [form]);

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: () => {
        toast({ title: t('Code Accepted'), description: t('No code is asked again for 15 minutes.'), variant: 'success' });
        settle(true);
      },
      onError: (error) => {
        if (!showServerIssues(error, form.setError, ['code']))
          toast({ title: t('Error'), description: t('Could not check the code. Please try again.'), variant: 'destructive' });
      },
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && settle(false)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Confirm with Your Authenticator')}</DialogTitle>
          <DialogDescription>
            {t('This action moves money, changes who runs the site or hands out personal data. Enter the 6-digit code from your app (or a recovery code).')}
          </DialogDescription>
        </DialogHeader>
        <form id="second-factor-form" onSubmit={onSubmit} noValidate>
          <FormField label={t('Code')} error={form.formState.errors.code}>
            <Input autoComplete="one-time-code" autoCapitalize="none" spellCheck={false} {...form.register('code')} />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => settle(false)}>
            {t('Cancel')}
          </Button>
          <Button type="submit" form="second-factor-form" disabled={verify.isPending}>
            {t('Confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
