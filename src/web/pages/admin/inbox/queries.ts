// The Inbox tab: contact messages and the mail that could not be delivered.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessage, ContactMessageStatus, FailedMail, Inbox, MessageReplyInput } from '../../../../shared/schemas/inbox';
import { apiJson, HttpError } from '../../../api';
import { queryKeys } from '../../../queries/public';

const inboxKey = ['/api/admin/messages'] as const;
const failedMailKey = ['/api/admin/mail/failed'] as const;

/** One folder of the inbox, with the counts of all three; re-read every 30 s so new messages show up. */
export const inboxQuery = (status: ContactMessageStatus) =>
  queryOptions<Inbox>({ queryKey: [...inboxKey, status], queryFn: () => apiJson<Inbox>('GET', `/api/admin/messages?status=${status}`), refetchInterval: 30_000 });

export const failedMailQuery = () => queryOptions<FailedMail[]>({ queryKey: failedMailKey });

function useInboxMutation<V, T>(mutationFn: (input: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: inboxKey }), queryClient.invalidateQueries({ queryKey: failedMailKey })]),
    onError: (error) => {
      if (error instanceof HttpError && error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.authUser });
    },
  });
}

export const useFileMessage = () =>
  useInboxMutation(({ id, status }: { id: string; status: ContactMessageStatus }) => apiJson<ContactMessage>('PATCH', `/api/admin/messages/${id}`, { status }));

export const useReplyToMessage = () =>
  useInboxMutation(({ id, ...input }: MessageReplyInput & { id: string }) => apiJson<ContactMessage>('POST', `/api/admin/messages/${id}/reply`, input));

export const useRetryMail = () => useInboxMutation((id: string) => apiJson<null>('POST', `/api/admin/mail/${id}/retry`));
