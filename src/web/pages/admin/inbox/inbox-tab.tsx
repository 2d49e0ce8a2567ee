import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { messageReplySchema, type ContactMessage, type ContactMessageStatus, type MessageReplyInput } from '../../../../shared/schemas/inbox';
import { Button } from '../../../components/ui/button';
import { TableCard } from '../shared/table-card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { toast } from '../../../components/ui/use-toast';
import { focusWithin } from '../../../lib/focus';
import { useCan } from '../../../lib/use-can';
import { failedMailQuery, inboxQuery, useFileMessage, useReplyToMessage, useRetryMail } from './queries';
import { AdminListState } from '../shared/admin-list-state';
import { showServerIssues } from '../shared/server-issues';
import { msg } from '../../../../shared/i18n/msg';
import { useT } from '../../../i18n/i18n';
import { useFormats } from '../../../i18n/use-formats';

// The labels are English (msg), shown through t(); `messages` names the folder's list.
const folders: { status: ContactMessageStatus; label: string; messages: string; empty: string }[] = [
  { status: 'new', label: msg('New'), messages: msg('New messages'), empty: msg('No new messages.') },
  { status: 'handled', label: msg('Handled'), messages: msg('Handled messages'), empty: msg('No handled messages yet.') },
  { status: 'spam', label: msg('Spam'), messages: msg('Spam messages'), empty: msg('No spam.') },
];

// `done` is what the toast says happened to the message.
const moves: Record<ContactMessageStatus, { status: ContactMessageStatus; label: string; done: string }[]> = {
  new: [
    { status: 'handled', label: msg('Mark Handled'), done: msg('"{subject}": mark handled.') },
    { status: 'spam', label: msg('Mark Spam'), done: msg('"{subject}": mark spam.') },
  ],
  handled: [{ status: 'new', label: msg('Move to New'), done: msg('"{subject}": move to new.') }],
  spam: [{ status: 'new', label: msg('Not Spam'), done: msg('"{subject}": not spam.') }],
};

/** How many new messages wait: the Inbox tab shows it. */
export function useNewMessageCount(): number {
  return useQuery(inboxQuery('new')).data?.counts.new ?? 0;
}

/** The inbox: what visitors sent through the contact form, filed by the organizers. */
export function InboxTab() {
  const t = useT();
  const [status, setStatus] = useState<ContactMessageStatus>('new');
  const inbox = useQuery(inboxQuery(status));
  const folder = folders.find((f) => f.status === status)!;
  const may = useCan();
  // A filed message leaves this folder with the button used: focus goes to the folder's own button.
  const folderGroup = useRef<HTMLDivElement>(null);
  const onFiled = () => focusWithin(folderGroup.current, '[aria-pressed="true"]');

  return (
    <div className="grid gap-6">
      <TableCard
        title={t('Inbox')}
        description={t('Messages from the contact form, newest first. File each one when it is dealt with.')}
        actions={
          <div ref={folderGroup} className="flex flex-wrap gap-2" role="group" aria-label={t('Folders')}>
            {folders.map((f) => (
              <Button key={f.status} size="sm" variant={f.status === status ? 'default' : 'outline'} aria-pressed={f.status === status} onClick={() => setStatus(f.status)}>
                {t('{folder} ({count})', { folder: t(f.label), count: String(inbox.data?.counts[f.status] ?? '…') })}
              </Button>
            ))}
          </div>
        }
      >
        <AdminListState
          isPending={inbox.isPending}
          isError={inbox.isError}
          isEmpty={inbox.data?.messages.length === 0}
          errorText={t('Failed to load the messages. Please try again.')}
          emptyText={t(folder.empty)}
        >
          <ul className="grid gap-4" aria-label={t(folder.messages)}>
            {inbox.data?.messages.map((message) => (
              <MessageItem key={message.id} message={message} replyByMail={inbox.data.replyByMail} onFiled={onFiled} />
            ))}
          </ul>
        </AdminListState>
      </TableCard>
      {/* Undelivered mail names its recipients: personal data, the owner's. */}
      {may('personalData') && <UndeliveredMail />}
    </div>
  );
}

function MessageItem({ message, replyByMail, onFiled }: { message: ContactMessage; replyByMail: boolean; onFiled: () => void }) {
  const t = useT();
  const formats = useFormats();
  const file = useFileMessage();
  // Awaited rather than mutate callbacks: the refetch moves the message out of this folder and unmounts this row.
  const move = async (status: ContactMessageStatus, done: string) => {
    try {
      await file.mutateAsync({ id: message.id, status });
      toast({ title: t('Message Filed'), description: t(done, { subject: message.subject }), variant: 'success' });
      onFiled();
    } catch {
      toast({ title: t('Error'), description: t('Failed to file the message. Please try again.'), variant: 'destructive' });
    }
  };
  const mailto = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;

  return (
    <li className="grid gap-3 rounded-xl border border-border p-4" data-testid="inbox-message">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words">{message.subject}</h3>
          <p className="text-sm break-words text-muted">
            {message.name} &lt;{message.email}&gt;
          </p>
        </div>
        <p className="text-xs text-muted">
          {formats.dateTime(message.receivedAt)}
          {message.repliedAt && ` · ${t('replied {date}', { date: formats.dateTime(message.repliedAt) })}`}
        </p>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{message.message}</p>
      <div className="flex flex-wrap gap-2">
        {message.status !== 'spam' &&
          (replyByMail ? (
            <ReplyDialog message={message} />
          ) : (
            <Button asChild size="sm">
              <a href={mailto}>
                <Mail aria-hidden />
                {t('Reply by E-mail')}
              </a>
            </Button>
          ))}
        {moves[message.status].map(({ status, label, done }) => (
          <Button key={status} size="sm" variant="outline" disabled={file.isPending} onClick={() => void move(status, done)}>
            {t(label)}
          </Button>
        ))}
      </div>
    </li>
  );
}

function ReplyDialog({ message }: { message: ContactMessage }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const reply = useReplyToMessage();
  const form = useForm<MessageReplyInput>({ resolver: zodResolver(messageReplySchema), defaultValues: { message: '' } });
  // Awaited: a reply files the message as handled, and the refetch unmounts this dialog's row.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reply.mutateAsync({ id: message.id, ...values });
      setOpen(false);
      form.reset();
      toast({ title: t('Reply Sent'), description: t('Your reply to {name} is on its way.', { name: message.name }), variant: 'success' });
    } catch (error) {
      if (!showServerIssues(error, form.setError, ['message'])) toast({ title: t('Error'), description: t('Failed to send the reply. Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Mail aria-hidden />
          {t('Reply')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Reply to {name}', { name: message.name })}</DialogTitle>
          <DialogDescription>
            {t('Sent to {email} from the site, with your support address to answer to. The message is then filed as handled.', { email: message.email })}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label={t('Your reply')} error={form.formState.errors.message}>
            <Textarea rows={6} {...form.register('message')} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={reply.isPending}>
              {reply.isPending ? t('Sending...') : t('Send Reply')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Mail the sender gave up on (a refused address, or an hour of failures): only shown when there is some. */
function UndeliveredMail() {
  const t = useT();
  const failed = useQuery(failedMailQuery());
  const retry = useRetryMail();
  if (!failed.data?.length) return null;
  return (
    <TableCard
      title={t('Undelivered Mail')}
      description={t('The mail server refused these messages or could not be reached for an hour. Fix the cause, then send them again.')}
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('Recipient')}</TableHead>
            <TableHead>{t('Subject')}</TableHead>
            <TableHead>{t('Error')}</TableHead>
            <TableHead>{t('Attempts')}</TableHead>
            <TableHead>
              <span className="sr-only">{t('Actions')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {failed.data.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell className="break-all">{mail.to}</TableCell>
              <TableCell>{mail.subject}</TableCell>
              <TableCell className="text-sm text-muted">{mail.error ?? t('Unknown error')}</TableCell>
              <TableCell>{mail.attempts}</TableCell>
              <TableCell>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={t('Send again: {subject} to {to}', { subject: mail.subject, to: mail.to })}
                  onClick={() =>
                    retry.mutate(mail.id, {
                      onSuccess: () => toast({ title: t('Mail Queued'), description: t('It goes to {to} with the next delivery run.', { to: mail.to }), variant: 'success' }),
                      onError: () => toast({ title: t('Error'), description: t('Failed to queue the mail. Please try again.'), variant: 'destructive' }),
                    })
                  }
                >
                  {t('Send Again')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableCard>
  );
}
