import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { HttpError } from '../../../api';

/**
 * The server validates with the same shared schemas; when it still refuses a field (a rule the
 * client cannot check, or a 409 about one, like max teams below the spots held), its message goes
 * under that field. Returns whether any was placed.
 */
export function showServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  if (!(error instanceof HttpError) || (error.status !== 400 && error.status !== 409)) return false;
  let issues: { path: string; message: string }[] = [];
  try {
    issues = (JSON.parse(error.body) as { issues?: { path: string; message: string }[] }).issues ?? [];
  } catch {
    return false;
  }
  let placed = false;
  for (const issue of issues) {
    if (fields.includes(issue.path.split('.')[0])) {
      setError(issue.path as Path<T>, { type: 'server', message: issue.message });
      placed = true;
    }
  }
  return placed;
}
