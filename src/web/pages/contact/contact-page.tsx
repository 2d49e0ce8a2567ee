import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, LoaderCircle, Mail, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { contactSchema, type ContactInput } from '../../../shared/schemas/contact';
import { HttpError } from '../../api';
import { DiscordIcon } from '../../components/layout/brand-icons';
import { PageHeader } from '../../components/layout/page-header';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/use-toast';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { useSendContactMessage } from '../../queries/public';

const fallbackError = 'Failed to send message. Please try again or contact us directly via Discord.';
const fields = ['name', 'email', 'subject', 'message'] as const;

function InfoItem({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-border bg-surface p-5">
      <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-surface-2 text-accent">{icon}</span>
      <div className="min-w-0">
        <h2 className="font-bold">{title}</h2>
        <div className="mt-1 break-words text-sm text-muted">{children}</div>
      </div>
    </li>
  );
}

export function ContactPage() {
  usePageMeta(pageMeta[paths.contact]);
  const site = useSite();
  const send = useSendContactMessage();
  const form = useForm<ContactInput>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', subject: '', message: '', website: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast({ title: 'Message Sent!', description: "We'll get back to you within 24 hours.", variant: 'success' });
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
      toast({ title: 'Error', description: message || fallbackError, variant: 'destructive' });
    }
  });

  return (
    <>
      <PageHeader width="medium" eyebrow="Support" title="Contact Us">
        <p>Questions about a tournament, your registration or a refund? Send us a message and the team will get back to you.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1.6fr_1fr]">
        <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title" className="grid gap-5 rounded-2xl border border-border bg-surface p-5 sm:p-7">
          <h2 id="contact-form-title" className="text-xl font-extrabold">
            Send a message
          </h2>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Name" error={errors.name}>
              <Input autoComplete="name" {...form.register('name')} />
            </FormField>
            <FormField label="Email" error={errors.email}>
              <Input type="email" autoComplete="email" {...form.register('email')} />
            </FormField>
          </div>
          <FormField label="Subject" error={errors.subject}>
            <Input {...form.register('subject')} />
          </FormField>
          <FormField label="Message" error={errors.message} hint="At least 20 characters. Include your team name if it is about a registration.">
            <Textarea rows={6} {...form.register('message')} />
          </FormField>
          {/* The honeypot: not displayed, so people (and screen readers) never meet it; bots that fill every field do. */}
          <div className="hidden">
            <label>
              Website
              <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
            </label>
          </div>
          <Button type="submit" size="lg" disabled={send.isPending} className="justify-self-start">
            {send.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </form>

        <ul className="grid content-start gap-4" aria-label="Other ways to reach us">
          <InfoItem icon={<Mail aria-hidden className="size-5" />} title="Email support">
            <a href={site ? `mailto:${site.supportEmail}` : undefined} className="break-all font-semibold text-accent underline-offset-2 hover:underline">
              {site?.supportEmail}
            </a>
          </InfoItem>
          <InfoItem icon={<DiscordIcon className="size-5" />} title="Community chat">
            <p>Fastest for match-day questions: admins are on our Discord.</p>
            <a
              href={site?.discordInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block font-semibold text-accent underline-offset-2 hover:underline"
            >
              Join our Discord
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </InfoItem>
          <InfoItem icon={<Clock aria-hidden className="size-5" />} title="Response time">
            We reply to every message within 24 hours.
          </InfoItem>
        </ul>
      </div>
    </>
  );
}
