import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { cardErrorSchema, feeChangedCode, paymentCanceledCode } from '../../shared/schemas/payment';
import type { TeamCreateInput } from '../../shared/schemas/team';
import * as discord from '../../shared/api/discord';
import * as payments from '../../shared/api/payments';
import * as teams from '../../shared/api/teams';
import * as uploads from '../../shared/api/uploads';
import * as waitlist from '../../shared/api/waitlist';
import { pendingRegistrationKey } from '../../shared/api/urls';
import { callApi, endpointQuery, endpointUrl, HttpError } from '../api';
import { queryKeys } from './public';

// The areas called here, not every endpoint (shared/api/index.ts `endpoints`).
const endpoints = { ...discord, ...payments, ...teams, ...uploads, ...waitlist };

export const stripeConfigQuery = () => queryOptions(endpointQuery(endpoints.getStripeConfig));

/**
 * POST /api/upload-logo (multipart, field `logo`). A logo the server refuses (400, 413, 415) throws
 * LogoRefusedError with its reason; any other failure, the endpoint missing included, gives null:
 * the team is then created without a logo.
 */
export async function uploadLogo(file: File): Promise<string | null> {
  let response: Response;
  try {
    const body = new FormData();
    body.append('logo', file);
    response = await fetch(endpointUrl(endpoints.uploadTeamLogo), { method: 'POST', body, credentials: 'include' });
  } catch (error) {
    console.warn('Logo upload failed; registering without a logo', error);
    return null;
  }
  if ([400, 413, 415].includes(response.status)) {
    const reason = ((await response.json().catch(() => ({}))) as { error?: unknown }).error;
    throw new LogoRefusedError(typeof reason === 'string' ? reason : 'This file is not an image we can use');
  }
  try {
    if (!response.ok) {
      console.warn(`Logo upload failed (${response.status}); registering without a logo`);
      return null;
    }
    const { logoUrl } = (await response.json()) as { logoUrl?: unknown };
    return typeof logoUrl === 'string' ? logoUrl : null;
  } catch (error) {
    console.warn('Logo upload failed; registering without a logo', error);
    return null;
  }
}

/**
 * The unpaid registration this browser started for the tournament (its HttpOnly owner cookie, which
 * only the server reads), or null. Read once per visit of the wizard: the wizard then owns the state.
 */
export const pendingRegistrationQuery = (tournamentId: string | undefined) =>
  queryOptions({
    queryKey: pendingRegistrationKey(tournamentId),
    queryFn: async () => (await callApi(endpoints.getPendingRegistration, { query: { tournamentId: tournamentId ?? '' } })).registration,
    enabled: !!tournamentId,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** Starting over: gives back the spot, name and Riot IDs of this browser's unpaid team. */
export async function releasePendingRegistration(teamId: string): Promise<void> {
  await callApi(endpoints.releasePendingRegistration, { params: { id: teamId } });
}

/**
 * A logo the server refused (not an image it can read, too large): the registration stops on the
 * logo field instead of going on without it.
 */
export class LogoRefusedError extends Error {}

export function useCreateTeam() {
  return useMutation({ mutationFn: (payload: TeamCreateInput) => callApi(endpoints.registerTeam, { body: payload }) });
}

/** POST /api/tournaments/{id}/waitlist: a full tournament's waitlist (the step 1 payload, no payment). */
export function useJoinWaitlist(tournamentId: string) {
  return useMutation({ mutationFn: (payload: TeamCreateInput) => callApi(endpoints.joinWaitlist, { params: { id: tournamentId }, body: payload }) });
}

export function useCreatePaymentIntent() {
  return useMutation({
    mutationFn: (input: { tournamentId: string; teamId: string }) => callApi(endpoints.createPaymentIntent, { body: input }),
  });
}

/**
 * What the server recorded once the card was charged. Only a refund or a changed fee is acted on;
 * any other failure of the call is only logged: the provider's webhook confirms the payment.
 */
export type PaymentOutcome = { kind: 'completed' } | { kind: 'refunded' } | { kind: 'payAgain'; message: string };

/** Asks the server to record the payment's real status (as the registering browser, or with the team link's headers). */
export async function markPaymentComplete(teamId: string, headers?: Record<string, string>): Promise<PaymentOutcome> {
  try {
    const { paymentStatus } = await callApi(endpoints.completePayment, { params: { teamId }, body: undefined, headers });
    return paymentStatus === 'refunded' ? { kind: 'refunded' } : { kind: 'completed' };
  } catch (error) {
    if (error instanceof HttpError && error.status === 409 && paymentErrorCode(error) === feeChangedCode) return { kind: 'payAgain', message: error.serverMessage ?? '' };
    console.warn('Recording the completed payment failed; the provider will confirm it', error);
    return { kind: 'completed' };
  }
}

function paymentErrorCode(error: HttpError): string | null {
  try {
    const { code } = JSON.parse(error.body) as { code?: unknown };
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

export type DemoConfirmResult = { ok: true; paymentIntentId: string } | { ok: false; message: string; code: string | null } | { ok: false; isCanceled: true };

/**
 * The demo provider's stand-in for Stripe.js confirmPayment: a refused card answers 402 with Stripe's wording;
 * a payment cancelled because the fee changed answers 409 `payment_canceled`.
 */
export async function confirmDemoPayment(input: { clientSecret: string; cardNumber: string; expiry: string; cvc: string }): Promise<DemoConfirmResult> {
  try {
    const result = await callApi(endpoints.confirmDemoPayment, { body: input });
    return { ok: true, paymentIntentId: result.paymentIntentId };
  } catch (error) {
    if (error instanceof HttpError && error.status === 402 && error.serverMessage) return { ok: false, message: error.serverMessage, code: cardErrorCode(error) };
    if (error instanceof HttpError && error.status === 409 && paymentErrorCode(error) === paymentCanceledCode) return { ok: false, isCanceled: true };
    throw error;
  }
}

/** Stripe's error code ('invalid_expiry'…), which says which card field the message belongs to. */
function cardErrorCode(error: HttpError): string | null {
  try {
    return cardErrorSchema.parse(JSON.parse(error.body)).code;
  } catch {
    return null;
  }
}

/** After a registration or payment: the tournament, its teams and its capacity are fetched again. */
export async function refreshAfterRegistration(queryClient: QueryClient, tournamentId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tournaments }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activeTournament }),
    queryClient.invalidateQueries({ queryKey: queryKeys.openTournaments }),
    queryClient.invalidateQueries({ queryKey: queryKeys.teams(tournamentId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.capacity(tournamentId) }),
  ]);
}

/** Step 2 with a Discord application: Discord's consent screen for this team; the browser goes there next. */
export async function startDiscordConnect(input: { teamId: string; returnPath: string }): Promise<string> {
  return (await callApi(endpoints.startDiscordConnect, { body: input })).authorizeUrl;
}
