import { accountSessionListSchema, passwordChangeSchema, sessionsEndedSchema } from '../schemas/account.js';
import {
  authUserSchema,
  loginResultSchema,
  loginSchema,
  recoveryCodesSchema,
  setupSchema,
  setupStatusSchema,
  twoFactorCodeSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '../schemas/auth.js';
import { idParamsSchema, okSchema } from '../schemas/common.js';
import { endpoint } from './endpoint.js';

export const getSetupStatus = endpoint({
  operationId: 'getSetupStatus',
  method: 'GET',
  path: '/api/auth/setup',
  tag: 'auth',
  summary: 'Whether the first owner account is still to be created',
  responses: { 200: setupStatusSchema },
});

export const completeSetup = endpoint({
  operationId: 'completeSetup',
  method: 'POST',
  path: '/api/auth/setup',
  tag: 'auth',
  summary: 'Create the first owner account with the start-up code, and sign it in',
  body: setupSchema,
  responses: { 200: authUserSchema },
});

export const login = endpoint({
  operationId: 'login',
  method: 'POST',
  path: '/api/auth/login',
  tag: 'auth',
  summary: 'Sign in with a username and password (then a code, when two-factor is on)',
  body: loginSchema,
  responses: { 200: loginResultSchema },
});

export const loginTwoFactor = endpoint({
  operationId: 'loginTwoFactor',
  method: 'POST',
  path: '/api/auth/login/two-factor',
  tag: 'auth',
  summary: "Sign in's second step: an authenticator or recovery code",
  body: twoFactorCodeSchema,
  responses: { 200: authUserSchema },
});

export const getCurrentUser = endpoint({
  operationId: 'getCurrentUser',
  method: 'GET',
  path: '/api/auth/user',
  tag: 'auth',
  summary: 'The signed-in account',
  responses: { 200: authUserSchema },
});

export const logout = endpoint({
  operationId: 'logout',
  method: 'POST',
  path: '/api/auth/logout',
  tag: 'auth',
  summary: 'Sign out: end this session',
  responses: { 200: okSchema },
});

export const changePassword = endpoint({
  operationId: 'changePassword',
  method: 'PUT',
  path: '/api/auth/password',
  tag: 'auth',
  summary: "Change the signed-in account's password",
  body: passwordChangeSchema,
  responses: { 200: okSchema },
});

export const listSessions = endpoint({
  operationId: 'listSessions',
  method: 'GET',
  path: '/api/auth/sessions',
  tag: 'auth',
  summary: "The signed-in account's sessions",
  responses: { 200: accountSessionListSchema },
});

export const endSession = endpoint({
  operationId: 'endSession',
  method: 'DELETE',
  path: '/api/auth/sessions/:id',
  tag: 'auth',
  summary: 'End one of the signed-in account’s sessions',
  params: idParamsSchema,
  responses: { 200: okSchema },
});

export const endOtherSessions = endpoint({
  operationId: 'endOtherSessions',
  method: 'DELETE',
  path: '/api/auth/sessions',
  tag: 'auth',
  summary: 'Sign out everywhere else: end every session but this one',
  responses: { 200: sessionsEndedSchema },
});

export const beginTwoFactorSetup = endpoint({
  operationId: 'beginTwoFactorSetup',
  method: 'POST',
  path: '/api/auth/two-factor/setup',
  tag: 'auth',
  summary: 'Start setting up two-factor sign-in: the secret to scan',
  responses: { 200: twoFactorSetupSchema },
});

export const enableTwoFactor = endpoint({
  operationId: 'enableTwoFactor',
  method: 'POST',
  path: '/api/auth/two-factor/enable',
  tag: 'auth',
  summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes',
  body: twoFactorEnableSchema,
  responses: { 200: recoveryCodesSchema },
});

export const disableTwoFactor = endpoint({
  operationId: 'disableTwoFactor',
  method: 'DELETE',
  path: '/api/auth/two-factor',
  tag: 'auth',
  summary: 'Turn two-factor sign-in off (with a code), where the role allows it',
  body: twoFactorCodeSchema,
  responses: { 200: okSchema },
});

export const verifyTwoFactor = endpoint({
  operationId: 'verifyTwoFactor',
  method: 'POST',
  path: '/api/auth/two-factor/verify',
  tag: 'auth',
  summary: 'Give a fresh code before an action that needs one (money, accounts, bulk data)',
  body: twoFactorCodeSchema,
  responses: { 200: okSchema },
});
