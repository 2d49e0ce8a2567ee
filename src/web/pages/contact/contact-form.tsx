import LoaderCircle from 'lucide-react/icons/loader-circle';
import Send from 'lucide-react/icons/send';
import { useState } from 'react';
import { useForm, type FieldError, type Resolver } from 'react-hook-form';
import { islandApiPaths } from '../../../shared/api/island-paths';
import type { ContactInput } from '../../../shared/schemas/contact';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { HttpError, sendRequest, throwIfNotOk } from '../../http';
import { useT } from '../../i18n/i18n';

const fields = ['name', 'email', 'subject', 'message'] as const;

// The rules come with zod, which would outweigh the rest of the page's script: they load once the
// visitor reaches the form (its first focus), and a submit waits for them.
const loadResolver = () => import('./contact-resolver').then((module) => module.contactResolver);
const resolver: Resolver<ContactInput> = async (...args) => (await loadResolver())(...args);

async function sendContactMessage(input: ContactInput): Promise<void> {
  await throwIfNotOk(await sendRequest('POST', islandApiPaths.contact, input));
}

/** The contact form: validated with the server's schema, sent, and confirmed or explained in a toast; an island on /contact. */
export function ContactForm() {
  const t = useT();
  const [isSending, setSending] = useState(false);
  const form = useForm<ContactInput>({
    resolver,
    defaultValues: { name: '', email: '', subject: '', message: '', website: '' },
  });
  const { errors } = form.formState;
  // The schema's and the server's messages are English ids (marked msg in src/shared): shown in the page's language.
  const shown = (error: FieldError | undefined) => (error?.message ? { message: t(error.message) } : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    setSending(true);
    try {
      await sendContactMessage(values);
      toast({ title: t('Message Sent!'), description: t("We'll get back to you within 24 hours."), variant: 'success' });
      form.reset();
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        // The server's field messages are the same as the form's: show them beside their fields.
        try {
          const body = JSON.parse(error.body) as { issues?: { path: string; message: string }[] };
          for (const issue of body.issues ?? []) {
            const field = fields.find((name) => name === issue.path);
            if (field) form.setError(field, { message: issue.message });
          }
        } catch {
          /* not our error shape: the toast below says enough */
        }
      }
      const message = error instanceof HttpError ? error.serverMessage : null;
      toast({
        title: t('Error'),
        description: message ? t(message) : t('Failed to send message. Please try again or contact us directly via Discord.'),
        variant: 'destructive',
      });
    } finally {
      setSending(false);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      onFocus={() => void loadResolver()}
      noValidate
      aria-labelledby="contact-form-title"
      className="grid gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-7"
    >
      <h2 id="contact-form-title" className="text-xl font-extrabold">
        {t('Send a message')}
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label={t('Name')} error={shown(errors.name)}>
          <Input autoComplete="name" {...form.register('name')} />
        </FormField>
        <FormField id="contact-email" label={t('Email')} error={shown(errors.email)}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
      </div>
      <FormField id="contact-subject" label={t('Subject')} error={shown(errors.subject)}>
        <Input {...form.register('subject')} />
      </FormField>
      <FormField
        id="contact-message"
        label={t('Message')}
        error={shown(errors.message)}
        hint={t('At least 20 characters. Include your team name if it is about a registration.')}
      >
        <Textarea rows={6} {...form.register('message')} />
      </FormField>
      {/* The honeypot: not displayed, so people (and screen readers) never meet it; bots that fill every field do. */}
      <div className="hidden">
        <label>
          {t('Website')}
          <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={isSending} className="justify-self-start">
        {isSending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
        {isSending ? t('Sending...') : t('Send Message')}
      </Button>
    </form>
  );
}
