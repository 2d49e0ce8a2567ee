import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../../shared/dates';
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

const folders: { status: ContactMessageStatus; label: string; empty: string }[] = [
  { status: 'new', label: 'New', empty: 'No new messages.' },
  { status: 'handled', label: 'Handled', empty: 'No handled messages yet.' },
  { status: 'spam', label: 'Spam', empty: 'No spam.' },
];

const moves: Record<ContactMessageStatus, { status: ContactMessageStatus; label: string }[]> = {
  new: [
    { status: 'handled', label: 'Mark Handled' },
    { status: 'spam', label: 'Mark Spam' },
  ],
  handled: [{ status: 'new', label: 'Move to New' }],
  spam: [{ status: 'new', label: 'Not Spam' }],
};

/** How many new messages wait: the Inbox tab shows it. */
export function useNewMessageCount(): number {
  return useQuery(inboxQuery('new')).data?.counts.new ?? 0;
}

/** The inbox: what visitors sent through the contact form, filed by the organizers. */
export function InboxTab() {
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
        title="Inbox"
        description="Messages from the contact form, newest first. File each one when it is dealt with."
        actions={
          <div ref={folderGroup} className="flex flex-wrap gap-2" role="group" aria-label="Folders">
            {folders.map((f) => (
              <Button key={f.status} size="sm" variant={f.status === status ? 'default' : 'outline'} aria-pressed={f.status === status} onClick={() => setStatus(f.status)}>
                {f.label} ({inbox.data?.counts[f.status] ?? '…'})
              </Button>
            ))}
          </div>
        }
      >
        <AdminListState
          isPending={inbox.isPending}
          isError={inbox.isError}
          isEmpty={inbox.data?.messages.length === 0}
          errorText="Failed to load the messages. Please try again."
          emptyText={folder.empty}
        >
          <ul className="grid gap-4" aria-label={`${folder.label} messages`}>
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
  const file = useFileMessage();
  // Awaited rather than mutate callbacks: the refetch moves the message out of this folder and unmounts this row.
  const move = async (status: ContactMessageStatus, label: string) => {
    try {
      await file.mutateAsync({ id: message.id, status });
      toast({ title: 'Message Filed', description: `"${message.subject}": ${label.toLowerCase()}.`, variant: 'success' });
      onFiled();
    } catch {
      toast({ title: 'Error', description: 'Failed to file the message. Please try again.', variant: 'destructive' });
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
          {formatDateTime(message.receivedAt)}
          {message.repliedAt && ` · replied ${formatDateTime(message.repliedAt)}`}
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
                Reply by E-mail
              </a>
            </Button>
          ))}
        {moves[message.status].map(({ status, label }) => (
          <Button key={status} size="sm" variant="outline" disabled={file.isPending} onClick={() => void move(status, label)}>
            {label}
          </Button>
        ))}
      </div>
    </li>
  );
}

function ReplyDialog({ message }: { message: ContactMessage }) {
  const [open, setOpen] = useState(false);
  const reply = useReplyToMessage();
  const form = useForm<MessageReplyInput>({ resolver: zodResolver(messageReplySchema), defaultValues: { message: '' } });
  // Awaited: a reply files the message as handled, and the refetch unmounts this dialog's row.
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reply.mutateAsync({ id: message.id, ...values });
      setOpen(false);
      form.reset();
      toast({ title: 'Reply Sent', description: `Your reply to ${message.name} is on its way.`, variant: 'success' });
    } catch (error) {
      if (!showServerIssues(error, form.setError, ['message'])) toast({ title: 'Error', description: 'Failed to send the reply. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <Mail aria-hidden />
          Reply
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reply to {message.name}</DialogTitle>
          <DialogDescription>
            Sent to {message.email} from the site, with your support address to answer to. The message is then filed as handled.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Your reply" error={form.formState.errors.message}>
            <Textarea rows={6} {...form.register('message')} />
          </FormField>
          <DialogFooter>
            <Button type="submit" disabled={reply.isPending}>
              {reply.isPending ? 'Sending...' : 'Send Reply'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Mail the sender gave up on (a refused address, or an hour of failures): only shown when there is some. */
function UndeliveredMail() {
  const failed = useQuery(failedMailQuery());
  const retry = useRetryMail();
  if (!failed.data?.length) return null;
  return (
    <TableCard
      title="Undelivered Mail"
      description="The mail server refused these messages or could not be reached for an hour. Fix the cause, then send them again."
    >
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Recipient</TableHead>
            <TableHead>Subject</TableHead>
            <TableHead>Error</TableHead>
            <TableHead>Attempts</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {failed.data.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell className="break-all">{mail.to}</TableCell>
              <TableCell>{mail.subject}</TableCell>
              <TableCell className="text-sm text-muted">{mail.error ?? 'Unknown error'}</TableCell>
              <TableCell>{mail.attempts}</TableCell>
              <TableCell>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={`Send again: ${mail.subject} to ${mail.to}`}
                  onClick={() =>
                    retry.mutate(mail.id, {
                      onSuccess: () => toast({ title: 'Mail Queued', description: `It goes to ${mail.to} with the next delivery run.`, variant: 'success' }),
                      onError: () => toast({ title: 'Error', description: 'Failed to queue the mail. Please try again.', variant: 'destructive' }),
                    })
                  }
                >
                  Send Again
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableCard>
  );
}
