import { z } from 'zod';
import { checkInStates } from '../check-in.js';

/** A team's check-in, as its captain (team link) and the organizer see it. */
export const checkInStatusSchema = z.object({
  state: z.enum(checkInStates),
  opensAt: z.string(),
  closesAt: z.string(),
  checkedInAt: z.string().nullable(),
  /** Did not check in by the close: out of the bracket, no refund. */
  isNoShow: z.boolean(),
  /** The captain can check in now: the window is open and the team is confirmed and not checked in. */
  canCheckIn: z.boolean(),
});
export type CheckInStatus = z.infer<typeof checkInStatusSchema>;
