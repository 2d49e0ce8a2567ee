import { HttpError } from '../../api';

/** The server's refusal (a 4xx says why, tested word for word there), else the action's own fallback. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.status < 500 ? (error.serverMessage ?? error.message) : fallback;
}

/** An action's failure, said where the action is, as an alert. */
export function ActionError({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-400">
      {refusalText(error, fallback)}
    </p>
  );
}
