export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string leaf of a payload, as a path of keys (dotted, it is the issue path the API reports). */
export function stringLeaves(value: Json, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

/** A copy of the payload with the leaf at `path` changed. */
export function withLeaf(value: Json, path: string[], change: (text: string) => string): Json {
  if (!path.length) return change(value as string);
  const copy = structuredClone(value) as Record<string, Json>;
  copy[path[0]] = withLeaf(copy[path[0]], path.slice(1), change);
  return copy;
}
