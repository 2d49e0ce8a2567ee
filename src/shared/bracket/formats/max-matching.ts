/**
 * The size of a maximum matching of a general graph (Edmonds' blossom algorithm, O(V³)): how many
 * disjoint pairs of allowed edges can be chosen at once. Swiss pairing asks it whether the teams
 * left can still all be paired without a rematch (swiss-pairing.ts), which a plain search can only
 * answer by trying every pairing.
 */
export function maxMatchingSize(vertexCount: number, isEdge: (a: number, b: number) => boolean): number {
  const neighbours: number[][] = Array.from({ length: vertexCount }, (_, a) =>
    Array.from({ length: vertexCount }, (_, b) => b).filter((b) => b !== a && isEdge(a, b)),
  );
  const match = new Array<number>(vertexCount).fill(-1);
  const parent = new Array<number>(vertexCount);
  const base = new Array<number>(vertexCount);
  const inQueue = new Array<boolean>(vertexCount);
  const inBlossom = new Array<boolean>(vertexCount);

  // A greedy start leaves fewer augmenting paths to find.
  for (let a = 0; a < vertexCount; a++) {
    if (match[a] !== -1) continue;
    const b = neighbours[a].find((v) => match[v] === -1);
    if (b !== undefined) [match[a], match[b]] = [b, a];
  }

  /** The closest common ancestor of a and b's bases in the alternating tree. */
  function commonBase(a: number, b: number): number {
    const seen = new Array<boolean>(vertexCount).fill(false);
    for (;;) {
      a = base[a];
      seen[a] = true;
      if (match[a] === -1) break;
      a = parent[match[a]];
    }
    for (;;) {
      b = base[b];
      if (seen[b]) return b;
      b = parent[match[b]];
    }
  }

  function markPath(v: number, blossomBase: number, child: number): void {
    while (base[v] !== blossomBase) {
      inBlossom[base[v]] = inBlossom[base[match[v]]] = true;
      parent[v] = child;
      child = match[v];
      v = parent[match[v]];
    }
  }

  /** The free vertex an augmenting path from `root` ends at, or -1. */
  function findPath(root: number): number {
    inQueue.fill(false);
    parent.fill(-1);
    for (let i = 0; i < vertexCount; i++) base[i] = i;
    inQueue[root] = true;
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const v = queue[head];
      for (const to of neighbours[v]) {
        if (base[v] === base[to] || match[v] === to) continue;
        if (to === root || (match[to] !== -1 && parent[match[to]] !== -1)) {
          const blossomBase = commonBase(v, to);
          inBlossom.fill(false);
          markPath(v, blossomBase, to);
          markPath(to, blossomBase, v);
          for (let i = 0; i < vertexCount; i++) {
            if (!inBlossom[base[i]]) continue;
            base[i] = blossomBase;
            if (!inQueue[i]) {
              inQueue[i] = true;
              queue.push(i);
            }
          }
        } else if (parent[to] === -1) {
          parent[to] = v;
          if (match[to] === -1) return to;
          inQueue[match[to]] = true;
          queue.push(match[to]);
        }
      }
    }
    return -1;
  }

  for (let root = 0; root < vertexCount; root++) {
    if (match[root] !== -1) continue;
    let end = findPath(root);
    while (end !== -1) {
      const previous = parent[end];
      const next = match[previous];
      match[end] = previous;
      match[previous] = end;
      end = next;
    }
  }
  return match.filter((v) => v !== -1).length / 2;
}
