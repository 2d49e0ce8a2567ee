import type { Db } from '../db/client.js';
import { createDiscordCleanUp } from './clean-up-discord.js';
import { createCupRoles } from './cup-roles.js';
import type { DiscordApi } from './discord-api.js';
import { createMatchChannels } from './match-channels.js';
import { createDiscordOutbox } from './outbox.js';
import { createStaffRole } from './staff-role.js';

/**
 * The cup's captain roles, its match channels (and their clean-up), the staff role and the outbox that sends their jobs, built together
 * (app.ts) when a Discord application is configured.
 */
export function createDiscordRoles(db: Db, api: DiscordApi, now: () => Date, log: { error: (obj: object, msg: string) => void }, publicOrigin: string) {
  const roles = createCupRoles({ db, api, now });
  const staff = createStaffRole({ db, api, now });
  const channels = createMatchChannels({ db, api, publicOrigin, now, staffRoleId: () => staff.roleId(), staffRoleLost: (roleId) => staff.roleLost(roleId) });
  const outbox = createDiscordOutbox({ db, handlers: { ...roles.handlers, ...channels.handlers, ...staff.handlers }, now, log });
  const cleanUp = createDiscordCleanUp({ db, channels, outbox, now });
  return { roles, channels, staff, outbox, cleanUp };
}

export type DiscordRoles = ReturnType<typeof createDiscordRoles>;
