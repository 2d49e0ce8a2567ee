import { idParamsSchema, idSchema, teamLinkParamsSchema } from '../schemas/common.js';
import {
  captainDisputeSchema,
  captainReportSchema,
  captainVetoSchema,
  forfeitClaimDecisionSchema,
  mapPoolInputSchema,
  matchDetailSchema,
  matchQueueSchema,
  matchUpdateSchema,
  roundParamsSchema,
  roundStartsAtSchema,
  staffVetoSchema,
} from '../schemas/match.js';
import { bracketSchema } from '../schemas/bracket.js';
import { tournamentSchema } from '../schemas/tournament.js';
import { endpoint } from './endpoint.js';
import { fileResponseSchema, notModified } from './responses.js';

// A match is a series with a map veto: its public page's read, the captains' and staff's veto
// actions, the organizer's best-of, and the tournament's map pool.

export const getMatch = endpoint({
  operationId: 'getMatch',
  method: 'GET',
  path: '/api/matches/:id',
  tag: 'bracket',
  summary: 'A match: its teams, veto, maps and series score (polled, with an ETag)',
  params: idParamsSchema,
  responses: { 200: matchDetailSchema, 304: notModified },
});

export const getMatchCalendar = endpoint({
  operationId: 'getMatchCalendar',
  method: 'GET',
  path: '/api/matches/:id/calendar.ics',
  tag: 'bracket',
  summary: "A match's time as an iCalendar file (text/calendar) to add to a calendar; 409 while it has no time",
  params: idParamsSchema,
  responses: { 200: fileResponseSchema('text/calendar', 'One VEVENT at the match time in UTC, with the match page as its URL') },
});

export const updateMatch = endpoint({
  operationId: 'updateMatch',
  method: 'PATCH',
  path: '/api/matches/:id',
  tag: 'bracket',
  summary: "Change a match's best-of before it starts, or its start time",
  params: idParamsSchema,
  body: matchUpdateSchema,
  responses: { 200: matchDetailSchema },
});

export const setRoundStartsAt = endpoint({
  operationId: 'setRoundStartsAt',
  method: 'PUT',
  path: '/api/tournaments/:id/bracket/rounds/:round/starts-at',
  tag: 'bracket',
  summary: "Set the start time of every match of a round still to play (null: back to the derived times)",
  params: roundParamsSchema,
  body: roundStartsAtSchema,
  responses: { 200: bracketSchema },
});

export const vetoAsCaptain = endpoint({
  operationId: 'vetoAsCaptain',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/veto',
  tag: 'team link',
  summary: "Take the team's turn in the map veto: ban or pick a map, choose a side or the order",
  params: teamLinkParamsSchema.extend({ matchId: idSchema }),
  body: captainVetoSchema,
  responses: { 200: matchDetailSchema },
});

export const vetoAsStaff = endpoint({
  operationId: 'vetoAsStaff',
  method: 'POST',
  path: '/api/matches/:id/veto',
  tag: 'bracket',
  summary: 'Take a turn in the map veto for either team',
  params: idParamsSchema,
  body: staffVetoSchema,
  responses: { 200: matchDetailSchema },
});

export const resetVeto = endpoint({
  operationId: 'resetVeto',
  method: 'DELETE',
  path: '/api/matches/:id/veto',
  tag: 'bracket',
  summary: "Start a match's map veto again",
  params: idParamsSchema,
  responses: { 200: matchDetailSchema },
});

export const setMapPool = endpoint({
  operationId: 'setMapPool',
  method: 'PUT',
  path: '/api/tournaments/:id/map-pool',
  tag: 'tournaments',
  summary: "Set a tournament's map pool (an empty list: the site's default)",
  params: idParamsSchema,
  body: mapPoolInputSchema,
  responses: { 200: tournamentSchema },
});

// Captains run their own matches (the team link's key): the ready check, a no-show forfeit claim,
// the result report, its confirmation or dispute; staff see the queue, decide claims, reopen reports.
const captainMatchParams = teamLinkParamsSchema.extend({ matchId: idSchema });

export const getMatchAsCaptain = endpoint({
  operationId: 'getMatchAsCaptain',
  method: 'GET',
  path: '/api/manage/:id/matches/:matchId',
  tag: 'team link',
  summary: "A match the team plays, as its captain sees it: the public read plus a dispute's reason and screenshots",
  params: captainMatchParams,
  responses: { 200: matchDetailSchema },
});

export const readyForMatch = endpoint({
  operationId: 'readyForMatch',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/ready',
  tag: 'team link',
  summary: 'Say the team is ready (from 15 minutes before the match); the veto opens when both are',
  params: captainMatchParams,
  responses: { 200: matchDetailSchema },
});

export const claimForfeit = endpoint({
  operationId: 'claimForfeit',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/claim-forfeit',
  tag: 'team link',
  summary: "Claim the win by forfeit when the other team is not ready after the no-show allowance (the organizer decides)",
  params: captainMatchParams,
  responses: { 200: matchDetailSchema },
});

export const reportMatchAsCaptain = endpoint({
  operationId: 'reportMatchAsCaptain',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/report',
  tag: 'team link',
  summary: "Report the match's maps and rounds for the opponent to confirm",
  params: captainMatchParams,
  body: captainReportSchema,
  responses: { 200: matchDetailSchema },
});

export const confirmMatchReport = endpoint({
  operationId: 'confirmMatchReport',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/confirm',
  tag: 'team link',
  summary: "Confirm the opponent's reported result",
  params: captainMatchParams,
  responses: { 200: matchDetailSchema },
});

export const disputeMatchReport = endpoint({
  operationId: 'disputeMatchReport',
  method: 'POST',
  path: '/api/manage/:id/matches/:matchId/dispute',
  tag: 'team link',
  summary: "Dispute the opponent's reported result, with a reason and up to 4 uploaded screenshots",
  params: captainMatchParams,
  body: captainDisputeSchema,
  responses: { 200: matchDetailSchema },
});

export const listMatchQueue = endpoint({
  operationId: 'listMatchQueue',
  method: 'GET',
  path: '/api/tournaments/:id/disputes',
  tag: 'bracket',
  summary: "What waits on the organizer: disputed reports and forfeit claims",
  params: idParamsSchema,
  responses: { 200: matchQueueSchema },
});

export const reopenMatchReport = endpoint({
  operationId: 'reopenMatchReport',
  method: 'DELETE',
  path: '/api/matches/:id/report',
  tag: 'bracket',
  summary: "Reopen a match's result reporting: its open report goes, the captains report again",
  params: idParamsSchema,
  responses: { 200: matchDetailSchema },
});

export const decideForfeitClaim = endpoint({
  operationId: 'decideForfeitClaim',
  method: 'POST',
  path: '/api/matches/:id/forfeit-claim',
  tag: 'bracket',
  summary: "Approve a forfeit claim (the claiming team wins by forfeit) or refuse it",
  params: idParamsSchema,
  body: forfeitClaimDecisionSchema,
  responses: { 200: matchDetailSchema },
});
