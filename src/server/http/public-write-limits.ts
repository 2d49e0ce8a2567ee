import type { RateRule } from './rate-limit.js';

const tenMinutes = 10 * 60 * 1000;

/** Per-address limits on the writes anyone may make: generous for a LAN party behind one address, tight for a script. */
export const publicWriteLimits = {
  teamCreate: { name: 'team-create', max: 20, windowMs: tenMinutes },
  logoUpload: { name: 'logo-upload', max: 20, windowMs: tenMinutes },
  paymentIntent: { name: 'payment-intent', max: 40, windowMs: tenMinutes },
  contact: { name: 'contact', max: 5, windowMs: tenMinutes },
  discordConnect: { name: 'discord-connect', max: 20, windowMs: tenMinutes },
} satisfies Record<string, RateRule>;
