/**
 * The wizard's field ids, from the fields' names. The server renders /register with React and the
 * browser hydrates it with Preact, whose useId gives other ids, and hydrating keeps the server's:
 * an id that ties a field to its label, hint and message must be the same on both sides.
 */
export const fieldIdOf = (name: string) => `team-${name}`;
