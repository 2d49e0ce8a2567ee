import { HttpError } from '../../api';
import { useT } from '../../i18n/i18n';

/** The server's refusal (a 4xx says why, tested word for word there), else the action's own fallback: an English message, shown with `t`. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.status < 500 ? (error.serverMessage ?? error.message) : fallback;
}

/** An action's failure, said where the action is, as an alert. */
export function ActionError({ error, fallback }: { error: unknown; fallback: string }) {
  const t = useT();
  if (!error) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-400">
      {t(refusalText(error, fallback))}
    </p>
  );
}
