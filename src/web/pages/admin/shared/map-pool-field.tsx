import { useState, type ComponentProps } from 'react';
import { Textarea } from '../../../components/ui/input';

/** The lines of a map pool as typed: one map a line, blank lines and spaces around a name left out. */
export const mapPoolLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A map pool typed one map a line. Keeps what is typed (blank lines while editing) and hands the
 * list of names to `onChange`; wire the label and messages with FormField.
 */
export function MapPoolTextarea({ value, onChange, ...props }: Omit<ComponentProps<'textarea'>, 'value' | 'onChange'> & { value: readonly string[]; onChange: (maps: string[]) => void }) {
  const [text, setText] = useState(() => value.join('\n'));
  return (
    <Textarea
      rows={Math.min(Math.max(value.length, 4), 12)}
      spellCheck={false}
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(mapPoolLines(event.target.value));
      }}
    />
  );
}

/** The first message of a map pool's errors: the list's own, or a name's ("Map name must be at most 40 characters"). */
export function mapPoolErrorOf(error: unknown): { message?: string } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message ?? (error as { root?: { message?: unknown } }).root?.message;
  if (typeof own === 'string') return { message: own };
  const items = Array.isArray(error) ? error : Object.values(error);
  for (const item of items) {
    const message = (item as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return { message };
  }
  return undefined;
}
