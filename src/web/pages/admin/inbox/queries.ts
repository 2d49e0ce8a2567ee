// The Inbox tab: contact messages and the mail that could not be delivered.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageStatus, MessageReplyInput } from '../../../../shared/schemas/inbox';
import { endpoints } from '../../../../shared/api/index';
import { queryKeyOf } from '../../../../shared/api/urls';
import { callApi, HttpError, endpointQuery } from '../../../api';
import { queryKeys } from '../../../queries/public';

const inboxKey = queryKeyOf(endpoints.listMessages);
const failedMailKey = queryKeyOf(endpoints.listFailedMail);

/** One folder of the inbox, with the counts of all three; re-read every 30 s so new messages show up. */
export const inboxQuery = (status: ContactMessageStatus) =>
  queryOptions({ ...endpointQuery(endpoints.listMessages, { query: { status } }), refetchInterval: 30_000 });

export const failedMailQuery = () => queryOptions(endpointQuery(endpoints.listFailedMail));

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
  useInboxMutation(({ id, status }: { id: string; status: ContactMessageStatus }) => callApi(endpoints.setMessageStatus, { params: { id }, body: { status } }));

export const useReplyToMessage = () =>
  useInboxMutation(({ id, ...input }: MessageReplyInput & { id: string }) => callApi(endpoints.replyToMessage, { params: { id }, body: input }));

export const useRetryMail = () => useInboxMutation((id: string) => callApi(endpoints.retryMail, { params: { id } }));
